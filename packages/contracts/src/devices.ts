/**
 * A device as a person recognises it, from a user agent: the browser and the system by their own
 * names; the words around them ("on", "unknown device") belong to the reader's language.
 * `other` is the start of an agent naming neither (a script, a tool). The server words sign-in
 * mails with it; the profile lists sessions and sign-ins with it.
 */
export interface Device {
  browser: string | null;
  os: string | null;
  other: string | null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari"; iOS and Android
// agents also say "Mac OS X" and "Linux".
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (ua: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/** What a missing agent reads as where a device must be named anyway. */
export const UNKNOWN_DEVICE: Device = { browser: null, os: null, other: null };

export function deviceOf(ua: string | null | undefined): Device | null {
  if (!ua) return null;
  const browser = firstMatch(ua, BROWSERS);
  const os = firstMatch(ua, SYSTEMS);
  return { browser, os, other: browser || os ? null : ua.slice(0, 60) };
}
