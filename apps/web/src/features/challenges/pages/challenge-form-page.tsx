import { IconTrophy } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { FramePage } from '../../../layout/frame-page';

export default function ChallengeFormPage() {
  const { id } = useParams();
  return (
    <FramePage
      titleId={id ? 'CHALLENGES.EDIT' : 'CHALLENGES.CREATE'}
      parents={[{ labelId: 'MENU.CHALLENGES', to: '/challenges' }]}
      icon={<IconTrophy size={28} aria-hidden />}
      emptyTitleId="CHALLENGES.FORM.EMPTY.TITLE"
      emptyTextId="CHALLENGES.FORM.EMPTY.TEXT"
    />
  );
}
