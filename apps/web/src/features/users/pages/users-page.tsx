import { adminUserListQuerySchema, usersCountCap } from '@app/contracts/admin-users';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useFormat } from '../../../lib/format/use-format';
import { useListState } from '../../../lib/list-state/use-list-state';
import { toastError } from '../../../lib/toast';
import { exportUsersCsv } from '../api/export-users';
import { useUsers } from '../api/list-users';
import { BulkStatusBar } from '../components/bulk-status-bar';
import { useUserColumns, type Selection } from '../components/user-columns';
import { UserFilters } from '../components/user-filters';

/**
 * /users (staff): every user, searched by email or name, filtered by role, status and funded
 * account, paged and sorted on the server. ADMIN selects rows to set them Active or Suspended,
 * and creates users; SUPPORT reads. Both export the filtered list as CSV.
 */
export default function UsersPage() {
  const { t, tError } = useT();
  const format = useFormat();
  const canWrite = isAdmin(useCurrentUser());
  const list = useListState(adminUserListQuerySchema);
  const query = useUsers(list.params);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const setPage = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids)
          if (on) next.add(id);
          else next.delete(id);
        return next;
      }),
    [],
  );
  const selection = useMemo<Selection | null>(
    () => (canWrite ? { ids: selected, toggle, setPage } : null),
    [canWrite, selected, toggle, setPage],
  );
  const columns = useUserColumns({ rows: query.data?.items ?? [], selection });

  const exportCsv = () => {
    setExporting(true);
    exportUsersCsv(list.params)
      .catch((error: unknown) => toastError(tError(error, 'USERS.EXPORT.FAILED')))
      .finally(() => setExporting(false));
  };

  const actions = (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={exportCsv}
        loading={exporting}
        data-testid="user-export"
      >
        {t('USERS.EXPORT')}
      </Button>
      {canWrite && (
        <Button
          component={Link}
          to="/users/edit-user"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          data-testid="user-new"
        >
          {t('USERS.NEW')}
        </Button>
      )}
    </Group>
  );

  return (
    <PageFrame title={t('MENU.USERS')} breadcrumbs={[{ label: t('MENU.USERS') }]} actions={actions}>
      {!canWrite && (
        <Text c="dimmed" size="sm" mb="md" data-testid="users-read-only">
          {t('USERS.READ_ONLY')}
        </Text>
      )}
      <UserFilters list={list} />
      {query.data?.totalCapped && (
        <Alert color="blue" variant="light" mb="md" data-testid="users-capped">
          {t('USERS.CAPPED', { count: format.number(usersCountCap(list.params)) })}
        </Alert>
      )}
      {canWrite && <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <ListTable
        label={t('MENU.USERS')}
        columns={columns}
        query={query}
        list={list}
        testId="users-table"
        empty={{
          icon: <IconUsers size={28} aria-hidden />,
          title: t('USERS.EMPTY.TITLE'),
          text: t('USERS.EMPTY.TEXT'),
        }}
      />
    </PageFrame>
  );
}
