import { UNDELIVERED_MAILS_DAYS } from '@app/contracts/admin-users';
import type { DashboardResponse } from '@app/contracts/dashboard';
import { Button } from '@mantine/core';
import { IconMailExclamation, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResendUndelivered } from '../api/resend-undelivered';
import { NeedsYouItem } from './needs-you-item';

/**
 * Mails the mail server refused until they were given up on (an outage, a wrong password in
 * SMTP_URL): how many in the last days and the server's words. Once it works again, ADMIN sends
 * them all again from here, except those whose address the recipient's server refused for good
 * (they would bounce again); each one can also be sent again from its user's page.
 */
export function UndeliveredMails({
  mails,
  canResend,
}: {
  mails: DashboardResponse['needsYou']['undeliveredMails'];
  canResend: boolean;
}) {
  const { t, tError } = useT();
  const fmt = useFormat();
  const resend = useResendUndelivered();
  const [asking, setAsking] = useState(false);
  const days = UNDELIVERED_MAILS_DAYS;
  const resendable = mails.count - mails.refused;

  const confirm = () =>
    resend.mutate(undefined, {
      onSuccess: ({ requeued }) => toastSuccess(t('DASHBOARD.NEEDS.MAILS_RESENT', { count: requeued })),
      onError: (e) => toastError(tError(e, 'DASHBOARD.NEEDS.MAILS_RESEND_FAILED')),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <NeedsYouItem
        icon={<IconMailExclamation size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.MAILS', { days })}
        count={mails.count}
        testId="needs-mails"
        detail={
          mails.count > 0 && mails.oldestAt
            ? [
                t('DASHBOARD.NEEDS.MAILS_FAILING', {
                  date: fmt.dateTime(mails.oldestAt),
                  error: mails.lastError ?? '',
                }),
                mails.refused > 0 ? t('DASHBOARD.NEEDS.MAILS_REFUSED', { count: mails.refused }) : null,
              ]
                .filter(Boolean)
                .join(' ')
            : t('DASHBOARD.NEEDS.MAILS_NONE', { days })
        }
        action={
          canResend &&
          resendable > 0 && (
            <Button
              size="compact-sm"
              variant="default"
              mt="xs"
              leftSection={<IconMailForward size={14} aria-hidden />}
              onClick={() => setAsking(true)}
              data-testid="needs-mails-resend"
            >
              {t('DASHBOARD.NEEDS.MAILS_RESEND')}
            </Button>
          )
        }
      />
      <ConfirmDialog
        opened={asking}
        title={t('DASHBOARD.NEEDS.MAILS_RESEND_TITLE', { count: resendable })}
        confirmLabel={t('DASHBOARD.NEEDS.MAILS_RESEND')}
        danger={false}
        busy={resend.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        {t('DASHBOARD.NEEDS.MAILS_RESEND_TEXT')}
      </ConfirmDialog>
    </>
  );
}
