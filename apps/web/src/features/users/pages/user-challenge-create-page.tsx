import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { EmptyPanel } from '../../../components/empty-panel';
import { IconLock } from '@tabler/icons-react';
import { AssignChallengeForm } from '../components/assign-challenge-form';

/** /users/challenge/create (ADMIN): assign a challenge account to a member; `?email=` preselects the search. */
export default function UserChallengeCreatePage() {
  const { t } = useT();
  const [search] = useSearchParams();
  const canWrite = isAdmin(useCurrentUser());
  return (
    <PageFrame
      title={t('USERS.CHALLENGE_CREATE')}
      breadcrumbs={[{ label: t('MENU.USERS'), to: '/users' }, { label: t('USERS.CHALLENGE_CREATE') }]}
    >
      {canWrite ? (
        <AssignChallengeForm initialEmail={search.get('email') ?? ''} />
      ) : (
        <EmptyPanel
          icon={<IconLock size={28} aria-hidden />}
          title={t('ASSIGN.READ_ONLY.TITLE')}
          description={t('ASSIGN.READ_ONLY.TEXT')}
        />
      )}
    </PageFrame>
  );
}
