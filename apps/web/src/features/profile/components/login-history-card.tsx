import { Badge, Button, Group, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { DeviceName } from '../../../components/device-name';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useLoginHistory } from '../api/sessions';
import { SectionCard } from './section-card';

const OUTCOME_COLOR: Record<string, string> = {
  success: 'green',
  mfa_required: 'blue',
  invalid_credentials: 'red',
  mfa_failed: 'red',
  suspended: 'orange',
  rate_limited: 'orange',
};

/** The last 50 login attempts on the account, with their outcome. */
export function LoginHistoryCard() {
  const { t } = useT();
  const f = useFormat();
  const query = useLoginHistory();
  const items = query.data?.items ?? [];
  return (
    <SectionCard title={t('PROFILE.HISTORY.TITLE')} description={t('PROFILE.HISTORY.HINT')} testId="profile-history">
      {query.isPending ? (
        <Skeleton h={120} />
      ) : query.isError ? (
        <Group justify="space-between">
          <Text c="red" size="sm" role="alert">
            {t('PROFILE.LOAD_ERROR')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            {t('PROFILE.RETRY')}
          </Button>
        </Group>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('PROFILE.HISTORY.EMPTY')}
        </Text>
      ) : (
        // Scrolls once the history is long: reachable and named for the keyboard. The sideways
        // scrollbar (on a phone) sits below the last row, not over it.
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          offsetScrollbars="x"
          viewportProps={{ tabIndex: 0, 'aria-label': t('PROFILE.HISTORY.TITLE') }}
        >
          <Table striped fz="sm" miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('PROFILE.HISTORY.WHEN')}</Table.Th>
                <Table.Th>{t('PROFILE.HISTORY.OUTCOME')}</Table.Th>
                <Table.Th>{t('PROFILE.HISTORY.WHERE')}</Table.Th>
                <Table.Th>{t('PROFILE.HISTORY.DEVICE')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => {
                return (
                  <Table.Tr key={e.id} data-testid="history-row">
                    <Table.Td>{f.dateTime(e.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="dot" color={OUTCOME_COLOR[e.outcome] ?? 'gray'}>
                        {t(`PROFILE.HISTORY.OUTCOME.${e.outcome.toUpperCase()}` as MessageId)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{[e.ip, e.place].filter(Boolean).join(' · ') || '—'}</Table.Td>
                    <Table.Td>
                      <DeviceName userAgent={e.userAgent} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </SectionCard>
  );
}
