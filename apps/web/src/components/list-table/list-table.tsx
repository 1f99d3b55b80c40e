import { Button, Paper } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, type JSX, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { ListParams } from '../../lib/list-state/list-params';
import { ListError, ListMessage } from './list-message';
import { ListSkeleton } from './list-skeleton';
import type { ListTableProps } from './list-table-types';
import type { DataTableViewProps } from './data-table-view';

// lazy() forgets the component's type parameter; this gives it back.
const DataTableView = lazy(() => import('./data-table-view')) as <T>(props: DataTableViewProps<T>) => JSX.Element;

/**
 * A server-side list: paging, sorting and filters live in the URL (`list`, from useListState),
 * the rows come from `query`. Shows a skeleton while the first page loads, "what will appear
 * here" when the list is empty, "no matches" when filters hide everything, and the error with a
 * Retry button.
 */
export function ListTable<T, P extends ListParams>({
  label,
  columns,
  query,
  list,
  empty,
  idAccessor,
  testId,
}: ListTableProps<T, P>) {
  const { t } = useT();
  const { params } = list;
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / params.pageSize));
  const pastTheEnd = query.data !== undefined && query.data.items.length === 0 && total > 0 && params.page > lastPage;

  // A stale link (or the last row of the last page revoked elsewhere) can point past the end.
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);

  let body: ReactNode;
  if (query.isError && query.data === undefined) {
    body = <ListError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending || pastTheEnd) {
    body = <ListSkeleton />;
  } else if (total === 0 && !list.hasFilters) {
    body = (
      <ListMessage icon={empty.icon} title={empty.title} text={empty.text} testId="list-empty">
        {empty.action}
      </ListMessage>
    );
  } else if (total === 0) {
    body = (
      <ListMessage
        icon={<IconSearch size={28} aria-hidden />}
        title={t('LIST.NO_MATCHES.TITLE')}
        text={t('LIST.NO_MATCHES.TEXT')}
        testId="list-no-matches"
      >
        <Button leftSection={<IconFilterOff size={16} aria-hidden />} variant="default" onClick={list.clearFilters}>
          {t('LIST.CLEAR_FILTERS')}
        </Button>
      </ListMessage>
    );
  } else {
    body = (
      <Suspense fallback={<ListSkeleton />}>
        <DataTableView<T>
          label={label}
          columns={columns}
          records={query.data?.items ?? []}
          total={total}
          fetching={query.isFetching}
          page={params.page}
          pageSize={params.pageSize}
          sort={params.sort}
          order={params.order}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          // A newly chosen column starts ascending (A→Z, oldest first), as in a spreadsheet.
          onSortChange={(sort, order) => list.setSort(sort, sort === params.sort ? order : 'asc')}
          idAccessor={idAccessor}
        />
      </Suspense>
    );
  }

  return (
    <Paper
      withBorder
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)', overflow: 'hidden' }}
      data-testid={testId}
    >
      {body}
    </Paper>
  );
}
