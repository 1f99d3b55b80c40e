import 'mantine-datatable/styles.css';
import { PAGE_SIZES, type SortOrder } from '@app/contracts/lists';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useT } from '../../i18n/use-t';

export interface DataTableViewProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  records: T[];
  total: number;
  fetching: boolean;
  page: number;
  pageSize: number;
  sort: string;
  order: SortOrder;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: string, order: SortOrder) => void;
  idAccessor?: string;
}

/**
 * mantine-datatable with server paging and sorting, its texts translated. Its own chunk: the
 * library and its styles load with the first list screen, never on the login route.
 */
export default function DataTableView<T>(props: DataTableViewProps<T>) {
  const { t } = useT();
  const controlLabels = {
    first: t('LIST.PAGE.FIRST'),
    previous: t('LIST.PAGE.PREVIOUS'),
    next: t('LIST.PAGE.NEXT'),
    last: t('LIST.PAGE.LAST'),
  };
  return (
    <DataTable<T>
      aria-label={props.label}
      columns={props.columns}
      records={props.records}
      idAccessor={props.idAccessor ?? 'id'}
      fetching={props.fetching}
      loadingText={t('COMMON.LOADING')}
      // Rendered (hidden) even with rows, and read by screen readers: in the page's language.
      noRecordsText={t('LIST.NO_MATCHES.TITLE')}
      minHeight={props.records.length === 0 ? 160 : undefined}
      totalRecords={props.total}
      page={props.page}
      onPageChange={props.onPageChange}
      recordsPerPage={props.pageSize}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={props.onPageSizeChange}
      recordsPerPageLabel={t('LIST.PER_PAGE')}
      paginationText={({ from, to, totalRecords }) => t('LIST.RANGE', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('LIST.PAGE.N', { page }) })}
      sortStatus={{ columnAccessor: props.sort, direction: props.order }}
      onSortStatusChange={({ columnAccessor, direction }) => props.onSortChange(String(columnAccessor), direction)}
      // Row actions stay in view on a table wider than the screen (orders at 1,366 px, any at 375 px).
      pinLastColumn={props.columns.at(-1)?.accessor === 'actions'}
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="md"
    />
  );
}
