import { auditListQuerySchema, AUDIT_COUNT_CAP, type AuditEntry } from '@app/contracts/audit';
import { Alert, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useFormat } from '../../../lib/format/use-format';
import { useListState } from '../../../lib/list-state/use-list-state';
import { useAuditLog } from '../api/list-audit-log';
import { useAuditColumns } from '../components/audit-columns';
import { AuditEntryDrawer } from '../components/audit-entry-drawer';
import { AuditFilters } from '../components/audit-filters';

/**
 * /audit-log (staff): every staff write of the platform, who made it and what it changed. Read
 * only, for every staff role: the rows are written by the writes themselves.
 */
export default function AuditLogPage() {
  const { t } = useT();
  const format = useFormat();
  const list = useListState(auditListQuerySchema);
  const query = useAuditLog(list.params);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const columns = useAuditColumns(useCallback((e: AuditEntry) => setOpen(e), []));

  return (
    <PageFrame title={t('MENU.AUDIT_LOG')} breadcrumbs={[{ label: t('MENU.AUDIT_LOG') }]}>
      <Text c="dimmed" size="sm" mb="lg" maw={720}>
        {t('AUDIT.INTRO')}
      </Text>
      <AuditFilters list={list} />
      {query.data?.totalCapped && (
        <Alert color="blue" variant="light" mb="md" data-testid="audit-capped">
          {t('AUDIT.CAPPED', { count: format.number(AUDIT_COUNT_CAP) })}
        </Alert>
      )}
      <ListTable
        label={t('MENU.AUDIT_LOG')}
        columns={columns}
        query={query}
        list={list}
        testId="audit-table"
        empty={{
          icon: <IconHistory size={28} aria-hidden />,
          title: t('AUDIT.EMPTY.TITLE'),
          text: t('AUDIT.EMPTY.TEXT'),
        }}
      />
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
