import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import type { ListParams } from '../../lib/list-state/list-params';
import type { ListState } from '../../lib/list-state/use-list-state';

export type ListColumn<T> = DataTableColumn<T>;

/** One page from the server, as every list endpoint answers (packages/contracts/src/lists.ts). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The parts of a TanStack list query the table reads. */
export interface ListQuery<T> {
  data: ListPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListTableProps<T, P extends ListParams> {
  /** The table's accessible name. */
  label: string;
  columns: ListColumn<T>[];
  query: ListQuery<T>;
  list: ListState<P>;
  /** What appears here once there is something: shown while the list is empty and unfiltered. */
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
  idAccessor?: keyof T & string;
  testId?: string;
}
