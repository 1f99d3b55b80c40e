import type { Challenge } from '@app/contracts/challenges';
import { Button, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconPlus, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError, ListMessage } from '../../../components/list-table/list-message';
import { ListSkeleton } from '../../../components/list-table/list-skeleton';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useArchiveChallenge } from '../api/archive-challenge';
import { useChallenges, type StaffChallenge } from '../api/list-challenges';
import { ChallengesTable } from '../components/challenges-table';

const STATUS_FILTERS = ['all', 'active', 'archived'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const asFilter = (v: string | null): StatusFilter => (v === 'active' || v === 'archived' ? v : 'all');

/** What the confirmation promises: the server archives whatever is in use (accounts or orders), deletes the rest. */
function archiveTextOf(c: StaffChallenge): MessageId {
  if (!c.inUse) return 'CHALLENGES.ARCHIVE.TEXT';
  return c.accountsCount > 0 ? 'CHALLENGES.ARCHIVE.TEXT_USED' : 'CHALLENGES.ARCHIVE.TEXT_ORDERED';
}

/**
 * /challenges (staff): the catalogue with what each costs, its phases and how many accounts use
 * it. ADMIN creates, edits and archives; SUPPORT reads. The status filter lives in the URL.
 */
export default function ChallengesPage() {
  const { t, tError } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const [search, setSearch] = useSearchParams();
  const filter = asFilter(search.get('status'));
  const status: Challenge['status'] | undefined = filter === 'all' ? undefined : filter;
  const query = useChallenges(status);
  const archive = useArchiveChallenge();
  const [archiving, setArchiving] = useState<{ challenge: StaffChallenge | null; open: boolean }>({
    challenge: null,
    open: false,
  });

  const setFilter = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    setSearch(next, { replace: true });
  };
  const confirmArchive = async () => {
    const challenge = archiving.challenge;
    if (!challenge) return;
    try {
      const { outcome } = await archive.mutateAsync(challenge.id);
      toastSuccess(
        t(outcome === 'archived' ? 'CHALLENGES.ARCHIVE.ARCHIVED' : 'CHALLENGES.ARCHIVE.DELETED', {
          name: challenge.name,
        }),
      );
      setArchiving((a) => ({ ...a, open: false }));
    } catch (error) {
      // Gone meanwhile (deleted in another tab): say so rather than the server's English.
      const gone = (error as { code?: string } | undefined)?.code === 'NOT_FOUND';
      toastError(gone ? t('CHALLENGES.ARCHIVE.GONE') : tError(error, 'CHALLENGES.ARCHIVE.FAILED'));
    }
  };

  const newButton = canWrite && (
    <Button component={Link} to="/challenges/create" leftSection={<IconPlus size={16} aria-hidden />}>
      {t('CHALLENGES.CREATE')}
    </Button>
  );
  const challenges = query.data?.challenges ?? [];

  return (
    <PageFrame title={t('MENU.CHALLENGES')} breadcrumbs={[{ label: t('MENU.CHALLENGES') }]} actions={newButton}>
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {t('CHALLENGES.INTRO')} {!canWrite && t('CHALLENGES.READ_ONLY')}
      </Text>
      <SegmentedControl
        mb="md"
        value={filter}
        onChange={setFilter}
        aria-label={t('CHALLENGES.LIST.STATUS')}
        data={STATUS_FILTERS.map((s) => ({
          value: s,
          label: t(
            s === 'all'
              ? 'CHALLENGES.FILTER.ALL'
              : s === 'active'
                ? 'CHALLENGES.STATUS.ACTIVE'
                : 'CHALLENGES.STATUS.ARCHIVED',
          ),
        }))}
      />
      <Paper withBorder radius="md" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} testId="challenges-error" />
        ) : challenges.length === 0 ? (
          <ListMessage
            icon={<IconTrophy size={28} aria-hidden />}
            title={t(filter === 'all' ? 'CHALLENGES.EMPTY.TITLE' : 'LIST.NO_MATCHES.TITLE')}
            text={t(filter === 'all' ? 'CHALLENGES.EMPTY.TEXT' : 'LIST.NO_MATCHES.TEXT')}
            testId="challenges-empty"
          >
            {filter === 'all' && newButton}
          </ListMessage>
        ) : (
          <ChallengesTable
            challenges={challenges}
            canWrite={canWrite}
            onArchive={(challenge) => setArchiving({ challenge, open: true })}
          />
        )}
      </Paper>
      {canWrite && (
        <ConfirmDialog
          opened={archiving.open}
          title={t('CHALLENGES.ARCHIVE.TITLE', { name: archiving.challenge?.name ?? '' })}
          confirmLabel={t('CHALLENGES.LIST.ARCHIVE')}
          busy={archive.isPending}
          onConfirm={() => void confirmArchive()}
          onClose={() => setArchiving((a) => ({ ...a, open: false }))}
        >
          <Text size="sm" data-testid="challenge-archive-text">
            {archiving.challenge && t(archiveTextOf(archiving.challenge), { count: archiving.challenge.accountsCount })}
          </Text>
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
