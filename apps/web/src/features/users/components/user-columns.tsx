import type { AdminUser } from '@app/contracts/admin-users';
import { Anchor, Badge, Checkbox, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { UserStatusBadge } from './user-status-badge';

export interface Selection {
  ids: ReadonlySet<string>;
  toggle: (id: string) => void;
  setPage: (ids: string[], on: boolean) => void;
}

/** The table's columns; the selection column only for those who may change statuses. */
export function useUserColumns({ rows, selection }: { rows: AdminUser[]; selection: Selection | null }) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<AdminUser>[]>(() => {
    const selectable = rows.filter((u) => !u.anonymised).map((u) => u.id);
    const columns: ListColumn<AdminUser>[] = [];
    if (selection) {
      const chosen = selectable.filter((id) => selection.ids.has(id)).length;
      columns.push({
        accessor: 'select',
        title: (
          <Checkbox
            aria-label={t('USERS.SELECT.PAGE')}
            checked={chosen > 0 && chosen === selectable.length}
            indeterminate={chosen > 0 && chosen < selectable.length}
            onChange={(e) => selection.setPage(selectable, e.currentTarget.checked)}
            data-testid="user-select-page"
          />
        ),
        width: 44,
        render: (u) =>
          u.anonymised ? null : (
            <Checkbox
              aria-label={t('USERS.SELECT.ONE', { email: u.email })}
              checked={selection.ids.has(u.id)}
              onChange={() => selection.toggle(u.id)}
              data-testid="user-select"
            />
          ),
      });
    }
    columns.push(
      {
        accessor: 'name',
        title: t('USERS.COL.NAME'),
        sortable: true,
        cellsStyle: () => ({ minWidth: '10rem' }),
        render: (u) => (
          <Anchor component={Link} to={`/users/${u.id}/edit-user`} fw={600} size="sm" c="var(--app-brand-text)">
            {u.firstName} {u.lastName}
          </Anchor>
        ),
      },
      {
        accessor: 'email',
        title: t('USERS.COL.EMAIL'),
        sortable: true,
        // Long addresses keep whole words; the table scrolls sideways on narrow screens instead.
        cellsStyle: () => ({ minWidth: '14rem' }),
        render: (u) => (
          <Text size="sm" data-testid="user-email" style={{ overflowWrap: 'break-word' }}>
            {u.email}
          </Text>
        ),
      },
      {
        accessor: 'role',
        title: t('USERS.COL.ROLE'),
        sortable: true,
        noWrap: true,
        render: (u) => t(`ROLE.${u.role}`),
      },
      {
        accessor: 'status',
        title: t('USERS.COL.STATUS'),
        sortable: true,
        noWrap: true,
        render: (u) => <UserStatusBadge status={u.status} anonymised={u.anonymised} />,
      },
      {
        accessor: 'country',
        title: t('USERS.COL.COUNTRY'),
        noWrap: true,
        render: (u) => u.country ?? '—',
      },
      {
        accessor: 'accounts',
        title: t('USERS.COL.ACCOUNTS'),
        noWrap: true,
        render: (u) => (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={`/users/${u.id}/trading-accounts`}
              size="sm"
              c="var(--app-brand-text)"
              aria-label={t('USERS.ACCOUNTS_OF', { count: u.accounts, email: u.email })}
              data-testid="user-accounts-link"
            >
              {format.number(u.accounts)}
            </Anchor>
            {u.fundedAccounts > 0 && (
              <Badge variant="dot" color="teal" size="sm" miw="max-content" data-testid="user-funded">
                {t('USERS.FUNDED', { count: u.fundedAccounts })}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        accessor: 'createdAt',
        title: t('USERS.COL.CREATED'),
        sortable: true,
        noWrap: true,
        render: (u) => <time dateTime={u.createdAt}>{format.dateTime(u.createdAt)}</time>,
      },
      {
        accessor: 'lastLoginAt',
        title: t('USERS.COL.LAST_LOGIN'),
        sortable: true,
        noWrap: true,
        render: (u) =>
          u.lastLoginAt ? (
            <time dateTime={u.lastLoginAt} title={format.dateTime(u.lastLoginAt)}>
              {format.relative(u.lastLoginAt)}
            </time>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('USERS.NEVER')}
            </Text>
          ),
      },
    );
    return columns;
  }, [t, format, rows, selection]);
}
