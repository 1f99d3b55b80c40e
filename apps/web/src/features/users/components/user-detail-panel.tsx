import { Button, Paper, Table, Tabs, Text } from '@mantine/core';
import { DeviceName } from '../../../components/device-name';
import { OrderStatusBadge } from '../../../components/commerce/order-status-badge';
import { CERTIFICATE_KIND_LABELS, PAYOUT_STATUS_LABELS } from '../../../components/status-labels';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUserLogins } from '../api/user-logins';
import { useUserCertificates, useUserOrders, useUserPayouts } from '../api/user-records';
import { useRevokeUserSession, useUserSessions } from '../api/user-sessions';
import { PanelQuery } from './panel-query';
import { UserMailsTab } from './user-mails-tab';

const Time = ({ iso }: { iso: string }) => {
  const format = useFormat();
  return <time dateTime={iso}>{format.dateTime(iso)}</time>;
};

function Orders({ userId }: { userId: string }) {
  const { t } = useT();
  const format = useFormat();
  const q = useUserOrders(userId);
  return (
    <PanelQuery
      query={q}
      rows={q.data?.items}
      testId="user-orders"
      empty={t('USERS.PANEL.ORDERS_EMPTY')}
      head={[
        t('USERS.PANEL.NUMBER'),
        t('USERS.PANEL.CHALLENGE'),
        t('USERS.PANEL.STATUS'),
        t('USERS.PANEL.TOTAL'),
        t('USERS.PANEL.DATE'),
      ]}
      row={(o) => (
        <Table.Tr key={o.id}>
          <Table.Td>{o.number}</Table.Td>
          <Table.Td>{o.challengeName}</Table.Td>
          <Table.Td>
            <OrderStatusBadge status={o.status} />
          </Table.Td>
          <Table.Td>{format.money(o.totalCents, o.currency)}</Table.Td>
          <Table.Td>
            <Time iso={o.createdAt} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Payouts({ userId }: { userId: string }) {
  const { t } = useT();
  const format = useFormat();
  const q = useUserPayouts(userId);
  return (
    <PanelQuery
      query={q}
      rows={q.data?.items}
      testId="user-payouts"
      empty={t('USERS.PANEL.PAYOUTS_EMPTY')}
      head={[t('USERS.PANEL.ACCOUNT'), t('USERS.PANEL.AMOUNT'), t('USERS.PANEL.STATUS'), t('USERS.PANEL.DATE')]}
      row={(p) => (
        <Table.Tr key={p.id}>
          <Table.Td>{p.accountLogin}</Table.Td>
          <Table.Td>{format.money(p.amountCents, p.currency)}</Table.Td>
          <Table.Td>{t(PAYOUT_STATUS_LABELS[p.status])}</Table.Td>
          <Table.Td>
            <Time iso={p.requestedAt} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Certificates({ userId }: { userId: string }) {
  const { t } = useT();
  const q = useUserCertificates(userId);
  return (
    <PanelQuery
      query={q}
      rows={q.data?.certificates}
      testId="user-certificates"
      empty={t('USERS.PANEL.CERTIFICATES_EMPTY')}
      head={[t('USERS.PANEL.CODE'), t('USERS.PANEL.KIND'), t('USERS.PANEL.DATE')]}
      row={(c) => (
        <Table.Tr key={c.id}>
          <Table.Td>{c.code}</Table.Td>
          <Table.Td>{t(CERTIFICATE_KIND_LABELS[c.kind])}</Table.Td>
          <Table.Td>
            <Time iso={c.issuedAt} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Sessions({ userId, canWrite }: { userId: string; canWrite: boolean }) {
  const { t, tError } = useT();
  const q = useUserSessions(userId);
  const revoke = useRevokeUserSession(userId);
  return (
    <PanelQuery
      query={q}
      rows={q.data?.items}
      testId="user-sessions"
      empty={t('USERS.PANEL.SESSIONS_EMPTY')}
      head={[
        t('USERS.PANEL.DEVICE'),
        t('USERS.PANEL.IP'),
        t('USERS.PANEL.PLACE'),
        t('USERS.PANEL.LAST_SEEN'),
        ...(canWrite ? [t('USERS.PANEL.ACTIONS')] : []),
      ]}
      row={(s) => (
        <Table.Tr key={s.id}>
          <Table.Td>
            <DeviceName userAgent={s.userAgent} />
          </Table.Td>
          <Table.Td>{s.ip ?? '—'}</Table.Td>
          <Table.Td>{s.place ?? '—'}</Table.Td>
          <Table.Td>
            <Time iso={s.lastSeenAt} />
          </Table.Td>
          {canWrite && (
            <Table.Td>
              <Button
                size="compact-sm"
                variant="default"
                loading={revoke.isPending && revoke.variables === s.id}
                onClick={() =>
                  revoke.mutate(s.id, {
                    onSuccess: () => toastSuccess(t('USERS.PANEL.REVOKED')),
                    onError: (e) => toastError(tError(e, 'USERS.PANEL.REVOKE_FAILED')),
                  })
                }
              >
                {t('USERS.PANEL.REVOKE')}
              </Button>
            </Table.Td>
          )}
        </Table.Tr>
      )}
    />
  );
}

function Logins({ userId }: { userId: string }) {
  const { t } = useT();
  const q = useUserLogins(userId);
  return (
    <PanelQuery
      query={q}
      rows={q.data?.items}
      testId="user-logins"
      empty={t('USERS.PANEL.LOGINS_EMPTY')}
      head={[t('USERS.PANEL.DATE'), t('USERS.PANEL.OUTCOME'), t('USERS.PANEL.IP'), t('USERS.PANEL.PLACE')]}
      row={(e) => (
        <Table.Tr key={e.id}>
          <Table.Td>
            <Time iso={e.createdAt} />
          </Table.Td>
          <Table.Td>{t(`USERS.OUTCOME.${e.outcome}`)}</Table.Td>
          <Table.Td>{e.ip ?? '—'}</Table.Td>
          <Table.Td>{e.place ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** The user's orders, payouts, certificates, mails, active sessions (ADMIN revokes) and sign-in history. */
export function UserDetailPanel({ userId, canWrite }: { userId: string; canWrite: boolean }) {
  const { t } = useT();
  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
      <Tabs defaultValue="logins" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="logins">{t('USERS.PANEL.LOGINS')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('USERS.PANEL.SESSIONS')}</Tabs.Tab>
          <Tabs.Tab value="orders">{t('USERS.PANEL.ORDERS')}</Tabs.Tab>
          <Tabs.Tab value="payouts">{t('USERS.PANEL.PAYOUTS')}</Tabs.Tab>
          <Tabs.Tab value="certificates">{t('USERS.PANEL.CERTIFICATES')}</Tabs.Tab>
          <Tabs.Tab value="mails">{t('USERS.PANEL.MAILS')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="logins">
          <Logins userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <Sessions userId={userId} canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <Orders userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="payouts">
          <Payouts userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="certificates">
          <Certificates userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="mails">
          <UserMailsTab userId={userId} canResend={canWrite} />
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed" mt="sm">
        {t('USERS.PANEL.NOTE')}
      </Text>
    </Paper>
  );
}
