import type { NewsImportRecord } from '@app/contracts/news';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRss } from '@tabler/icons-react';
import { feedFailureText } from '../../../components/news/feed-failure-text';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import type { NewsImportStatus } from '../api/get-import-status';

const SOURCE = {
  upload: 'NEWS.IMPORT.SOURCE.UPLOAD',
  feed: 'NEWS.IMPORT.SOURCE.FEED',
  demo: 'NEWS.IMPORT.SOURCE.DEMO',
} as const;

/** The feed's last fetch (a failure stands out: members still see the last good data) and recent imports. */
export function FeedStatus({ status }: { status: NewsImportStatus }) {
  const { t } = useT();
  const format = useFormat();
  const failed = status.lastFetch?.status === 'failed' ? status.lastFetch : null;
  return (
    <Stack gap="md" data-testid="news-feed-status">
      <Paper withBorder p="md" radius="md">
        <Group gap="xs" mb="xs">
          <IconRss size={18} aria-hidden />
          <Title order={2} size="h5">
            {t('NEWS.IMPORT.FEED.TITLE')}
          </Title>
        </Group>
        {!status.feedConfigured ? (
          <Text size="sm" c="dimmed">
            {t('NEWS.IMPORT.FEED.OFF')}
          </Text>
        ) : (
          <Stack gap="xs">
            {failed && (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="news-feed-failed">
                <Text size="sm" fw={600}>
                  {t('NEWS.IMPORT.FEED.FAILED', { at: format.dateTime(failed.at) })}
                </Text>
                <Text size="sm" data-testid="news-feed-failure">
                  {t('NEWS.IMPORT.FEED.REASON', { reason: feedFailureText(t, failed.failure) })}
                </Text>
              </Alert>
            )}
            <Text size="sm">
              {status.lastGoodFetch
                ? t('NEWS.IMPORT.FEED.LAST_GOOD', { at: format.dateTime(status.lastGoodFetch.at) })
                : t('NEWS.IMPORT.FEED.NEVER')}
            </Text>
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md">
        <Title order={2} size="h5" p="md" pb={0}>
          {t('NEWS.IMPORT.RECENT')}
        </Title>
        {status.recent.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {t('NEWS.IMPORT.RECENT.EMPTY')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" data-testid="news-imports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('NEWS.IMPORT.COL.WHEN')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.SOURCE')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.RESULT')}</Table.Th>
                  <Table.Th>{t('NEWS.IMPORT.COL.BY')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {status.recent.map((r) => (
                  <ImportRow key={r.id} record={r} sourceLabel={t(SOURCE[r.source])} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

function ImportRow({ record: r, sourceLabel }: { record: NewsImportRecord; sourceLabel: string }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Table.Tr>
      <Table.Td>{format.dateTime(r.at)}</Table.Td>
      <Table.Td>
        {sourceLabel}
        {r.fileName && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.fileName}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {r.status === 'failed' ? (
          <Badge variant="dot" color="red">
            {t('NEWS.IMPORT.FAILED')}
          </Badge>
        ) : (
          t('NEWS.IMPORT.COUNTS', { inserted: r.inserted, updated: r.updated, skipped: r.skipped })
        )}
      </Table.Td>
      <Table.Td>{r.actorName ?? '—'}</Table.Td>
    </Table.Tr>
  );
}
