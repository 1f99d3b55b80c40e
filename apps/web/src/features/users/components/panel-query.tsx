import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';

type PanelQueryState = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** A few skeleton lines while a part of the user's page loads. */
export function PanelLoading() {
  const { t } = useT();
  return (
    <Stack gap="xs" py="sm" aria-busy="true" aria-label={t('COMMON.LOADING')}>
      <Skeleton height={18} />
      <Skeleton height={18} />
      <Skeleton height={18} width="70%" />
    </Stack>
  );
}

/** What went wrong, in the reader's language, and Retry. */
export function PanelError({ query, testId }: { query: PanelQueryState; testId: string }) {
  const { t, tError } = useT();
  return (
    <Stack gap="xs" py="sm" align="flex-start" data-testid={`${testId}-error`}>
      <Text size="sm" c="red.8">
        {tError(query.error, 'LIST.ERROR.TEXT')}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={() => void query.refetch()}
      >
        {t('LIST.RETRY')}
      </Button>
    </Stack>
  );
}

/** One tab of the user panel: skeleton, error with Retry, the empty text, or the table. */
export function PanelQuery<T>({
  query,
  rows,
  empty,
  head,
  row,
  testId,
}: {
  query: PanelQueryState & { data?: unknown };
  rows: T[] | undefined;
  empty: string;
  head: string[];
  row: (item: T) => ReactNode;
  testId: string;
}) {
  if (query.isPending) return <PanelLoading />;
  if (query.isError) return <PanelError query={query} testId={testId} />;
  if (!rows || rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
