import { Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { ListError } from '../../../components/list-table/list-message';
import { ListSkeleton } from '../../../components/list-table/list-skeleton';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useChallenge } from '../api/get-challenge';
import { ChallengeEditor } from '../components/challenge-editor';
import { challengeToForm, emptyChallengeForm } from '../model/challenge-form';

/** /challenges/create and /challenges/edit/{id}: ADMIN edits; SUPPORT sees the same form read-only. */
export default function ChallengeFormPage() {
  const { id } = useParams();
  const { t } = useT();
  const readOnly = !isAdmin(useCurrentUser());
  const query = useChallenge(id);
  const title = t(id ? (readOnly ? 'CHALLENGES.VIEW' : 'CHALLENGES.EDIT') : 'CHALLENGES.CREATE');

  let body;
  if (!id) body = <ChallengeEditor initial={emptyChallengeForm()} readOnly={readOnly} />;
  else if (query.isPending)
    body = (
      <Paper withBorder>
        <ListSkeleton rows={8} />
      </Paper>
    );
  else if (query.isError)
    body = (
      <Paper withBorder>
        <ListError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('CHALLENGES.FORM.LOAD_FAILED')}
          testId="challenge-error"
        />
      </Paper>
    );
  else
    body = (
      <ChallengeEditor
        key={query.data.challenge.id}
        id={id}
        initial={challengeToForm(query.data.challenge)}
        readOnly={readOnly}
      />
    );

  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('MENU.CHALLENGES'), to: '/challenges' }, { label: title }]}>
      {body}
    </PageFrame>
  );
}
