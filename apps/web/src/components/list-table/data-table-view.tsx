import 'mantine-datatable/styles.css';
import { PAGE_SIZES, type SortOrder } from '@app/contracts/lists';
import { getContrastColor, useMantineTheme } from '@mantine/core';
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
  const theme = useMantineTheme();
  const controlLabels = {
    first: t('LIST.PAGE.FIRST'),
    previous: t('LIST.PAGE.PREVIOUS'),
    next: t('LIST.PAGE.NEXT'),
    last: t('LIST.PAGE.LAST'),
  };
  const activePageText = getContrastColor({ color: 'brand', theme, autoContrast: true });
  return (
    <DataTable<T>
      aria-label={props.label}
      columns={props.columns}
      records={props.records}
      idAccessor={props.idAccessor ?? 'id'}
      fetching={props.fetching}
      loadingText={t('COMMON.LOADING')}
      // The table renders its empty state (transparent) even with rows, where a screen reader would
      // still read "No results": an empty element then, and the text in the page's language otherwise.
      noRecordsText={t('LIST.NO_MATCHES.TITLE')}
      emptyState={props.records.length > 0 ? <span hidden /> : undefined}
      minHeight={props.records.length === 0 ? 160 : undefined}
      // A table wider than its place shows its scrollbar: hidden until hovered, the columns behind the
      // pinned actions looked missing, not out of view.
      scrollAreaProps={{ type: 'auto' }}
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
      // The current page's number in the colour Mantine gives text on the brand colour (white on the
      // default green was 2:1).
      paginationActiveTextColor={activePageText}
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
