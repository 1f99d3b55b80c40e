import type { AuditEntry } from '@app/contracts/audit';
import { Anchor, Code, Text, Timeline } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { TIMELINE_SIZE, useAccountTimeline } from '../api/get-account-timeline';
import { Block, BlockError, BlockSkeleton } from './block';
import { useRuleLabel } from './labels';

const ACTION_LABEL: Record<string, MessageId> = {
  'account.create': 'ACCOUNT_TIMELINE.CREATE',
  'account.close': 'ACCOUNT_TIMELINE.CLOSE',
  'account.reinstate': 'ACCOUNT_TIMELINE.REINSTATE',
  'account.extend': 'ACCOUNT_TIMELINE.EXTEND',
  'account.reset': 'ACCOUNT_TIMELINE.RESET',
  'verdict_review.keep': 'ACCOUNT_TIMELINE.REVIEW_KEEP',
  'verdict_review.apply': 'ACCOUNT_TIMELINE.REVIEW_APPLY',
};

type Values = Record<string, unknown> | null;
const valuesOf = (v: unknown): Values => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The figures an entry changed, in words: the lifted breach, the days before and after. */
function EntryDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  const ruleLabel = useRuleLabel();
  const before = valuesOf(entry.before);
  const after = valuesOf(entry.after);
  const rule = textOf(valuesOf(before?.breach)?.rule);
  return (
    <>
      {entry.action === 'account.reinstate' && rule && (
        <Text size="sm">{t('ACCOUNT_TIMELINE.LIFTED', { rule: ruleLabel(rule) })}</Text>
      )}
      {entry.action === 'account.extend' && typeof after?.maxDays === 'number' && (
        <Text size="sm">
          {t('ACCOUNT_TIMELINE.DAYS', { before: String(before?.maxDays ?? '—'), after: after.maxDays })}
        </Text>
      )}
    </>
  );
}

/**
 * What staff (and the platform) did to the account, newest first: who, when, why, and what it
 * changed, from the audit log. Closing, reinstating, extending, resetting and verdict reviews all
 * land here, so the report tells the account's whole story.
 */
export function AccountTimeline({ accountId }: { accountId: string }) {
  const { t } = useT();
  const format = useFormat();
  const query = useAccountTimeline(accountId);
  const entries = query.data?.items ?? [];
  const more = (query.data?.total ?? 0) > TIMELINE_SIZE;
  const auditLink = `/audit-log?targetType=trading_account&targetId=${encodeURIComponent(accountId)}`;
  return (
    <Block
      title={t('ACCOUNT_TIMELINE.TITLE')}
      headingId="account-timeline-title"
      testId="account-timeline"
      actions={
        entries.length > 0 && (
          <Anchor component={Link} to={auditLink} size="sm" c="var(--app-brand-text)">
            {t('ACCOUNT_TIMELINE.IN_AUDIT_LOG')}
          </Anchor>
        )
      }
    >
      {query.isPending ? (
        <BlockSkeleton lines={3} />
      ) : query.isError ? (
        <BlockError error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="account-timeline-empty">
          {t('ACCOUNT_TIMELINE.EMPTY')}
        </Text>
      ) : (
        <>
          <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1}>
            {entries.map((e) => {
              const reason = textOf(valuesOf(e.after)?.reason);
              const label = ACTION_LABEL[e.action];
              return (
                <Timeline.Item
                  key={e.id}
                  title={label ? t(label) : <Code>{e.action}</Code>}
                  data-testid="account-timeline-entry"
                  data-action={e.action}
                >
                  <Text size="xs" c="dimmed">
                    <time dateTime={e.createdAt}>{format.dateTime(e.createdAt)}</time>
                    {' · '}
                    {e.actor ? e.actor.name || e.actor.email : t('AUDIT.ACTOR.SYSTEM')}
                  </Text>
                  <EntryDetail entry={e} />
                  {reason && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="account-timeline-reason">
                      {t('ACCOUNT_TIMELINE.REASON', { reason })}
                    </Text>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
          {more && (
            <Text size="xs" c="dimmed" mt="sm">
              {t('ACCOUNT_TIMELINE.MORE', { count: TIMELINE_SIZE })}
            </Text>
          )}
        </>
      )}
    </Block>
  );
}
