import { deviceOf } from '@app/contracts/devices';

export { deviceOf, type Device } from '@app/contracts/devices';

/**
 * "Chrome on Windows": what decides whether a sign-in comes from a new device (a browser update
 * is not a new one). The same in every language, so it compares; mails word it with `deviceOf`.
 */
export function describeDevice(ua: string | undefined): string {
  const d = deviceOf(ua);
  if (!d) return 'Unknown device';
  if (d.browser && d.os) return `${d.browser} on ${d.os}`;
  return d.browser ?? d.os ?? d.other ?? '';
}
