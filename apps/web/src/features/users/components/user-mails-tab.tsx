import { USER_MAILS_LIMIT, type MailStatus } from '@app/contracts/admin-users';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useUserMails } from '../api/user-mails';
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
 * Bodies are never shown (the server does not send them): they may hold a password link.
 */
export function UserMailsTab({ userId }: { userId: string }) {
  const { t } = useT();
  const format = useFormat();
  const q = useUserMails(userId);
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
                  {t(`USERS.MAIL_STATUS.${m.status}`)}
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
    </>
  );
}
