import { deviceOf } from '@app/contracts/devices';
import { useT } from '../i18n/use-t';

/**
 * A session's or sign-in's device as its owner would name it ("Chrome on Windows", in the reader's
 * words), with the whole user agent on hover for staff who need the detail.
 */
export function DeviceName({ userAgent }: { userAgent: string | null }) {
  const { t } = useT();
  const device = deviceOf(userAgent);
  const name =
    device?.browser && device.os
      ? t('PROFILE.SESSIONS.DEVICE', { browser: device.browser, os: device.os })
      : (device?.browser ?? device?.os ?? device?.other ?? t('PROFILE.SESSIONS.UNKNOWN_DEVICE'));
  return <span title={userAgent ?? undefined}>{name}</span>;
}
