/**
 * A device as a person recognises it, from a user agent: the browser and the system by their own
 * names; the words around them ("on", "unknown device") belong to the reader's language.
 * `other` is the start of an agent naming neither (a script, a tool).
 */
export interface Device {
  browser: string | null;
  os: string | null;
  other: string | null;
}

export function deviceOf(ua: string | undefined): Device | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os, other: browser || os ? null : ua.slice(0, 60) };
}

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
