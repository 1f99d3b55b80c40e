import { USER_MAILS_LIMIT, type AdminUserMail, type MailStatus } from '@app/contracts/admin-users';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MAIL_STATUS_LABELS } from '../../../components/status-labels';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResendUserMail, useUserMails } from '../api/user-mails';
import { PanelQuery } from './panel-query';

/** Filled shades that keep their text readable in both themes. */
const STATUS_COLOR: Record<MailStatus, string> = {
  sent: 'teal.9',
  logged: 'gray.7',
  pending: 'orange.9',
  failed: 'red.9',
};

/**
 * The newest mails to the user and how each one's delivery went, so support can answer "I never
 * got my credentials": waiting (and how often tried), sent, or refused with the mail server's words.
 * ADMIN sends a refused one again once the cause is fixed. Bodies are never shown (the server does
 * not send them): they may hold a password link.
 */
export function UserMailsTab({ userId, canResend }: { userId: string; canResend: boolean }) {
  const { t, tError } = useT();
  const format = useFormat();
  const q = useUserMails(userId);
  const resend = useResendUserMail(userId);
  const [asked, setAsked] = useState<AdminUserMail | null>(null);

  const confirm = (mail: AdminUserMail) =>
    resend.mutate(mail.id, {
      onSuccess: () => toastSuccess(t('USERS.MAILS.RESENT')),
      onError: (e) => toastError(tError(e, 'USERS.MAILS.RESEND_FAILED')),
      onSettled: () => setAsked(null),
    });

  return (
    <>
      <PanelQuery
        query={q}
        rows={q.data?.items}
        testId="user-mails"
        empty={t('USERS.PANEL.MAILS_EMPTY')}
        head={[t('USERS.PANEL.DATE'), t('USERS.PANEL.SUBJECT'), t('USERS.PANEL.TO'), t('USERS.PANEL.DELIVERY')]}
        row={(m) => (
          <Table.Tr key={m.id} data-testid="user-mail">
            <Table.Td>
              <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
            </Table.Td>
            <Table.Td>{m.subject}</Table.Td>
            <Table.Td>{m.to}</Table.Td>
            <Table.Td>
              <Stack gap={2} align="flex-start">
                <Badge color={STATUS_COLOR[m.status]} variant="filled" data-testid="user-mail-status">
                  {t(MAIL_STATUS_LABELS[m.status])}
                </Badge>
                {m.sentAt && (
                  <Text size="xs" c="dimmed">
                    <time dateTime={m.sentAt}>{format.dateTime(m.sentAt)}</time>
                  </Text>
                )}
                {(m.status === 'pending' || m.status === 'failed') && m.attempts > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('USERS.PANEL.MAIL_ATTEMPTS', { count: m.attempts })}
                  </Text>
                )}
                {m.lastError && m.status !== 'sent' && (
                  <Text size="xs" c="dimmed" data-testid="user-mail-error">
                    {m.lastError}
                  </Text>
                )}
                {canResend && m.status === 'failed' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    mt={4}
                    leftSection={<IconMailForward size={14} aria-hidden />}
                    onClick={() => setAsked(m)}
                    data-testid="user-mail-resend"
                  >
                    {t('USERS.MAILS.RESEND')}
                  </Button>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {q.data && q.data.items.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('USERS.PANEL.MAILS_NOTE', { count: USER_MAILS_LIMIT })}
        </Text>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('USERS.MAILS.RESEND_TITLE')}
        confirmLabel={t('USERS.MAILS.RESEND')}
        busy={resend.isPending}
        onConfirm={() => asked && confirm(asked)}
        onClose={() => setAsked(null)}
      >
        {asked && t('USERS.MAILS.RESEND_TEXT', { subject: asked.subject, to: asked.to })}
      </ConfirmDialog>
    </>
  );
}
