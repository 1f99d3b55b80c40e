/**
 * The zone times are shown in when a screen names none: the person's chosen one (a preference
 * kept on the server, applied at sign-in), else the browser's own (undefined).
 */
let displayZone: string | undefined;

export function setDisplayTimeZone(zone: string | undefined): void {
  displayZone = zone && isTimeZone(zone) ? zone : undefined;
}

export const getDisplayTimeZone = (): string | undefined => displayZone;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
