import { describe, expect, it } from 'vitest';
import { mailTimeZoneOf, securityMail } from './security-mails.ts';
import { describeDevice, deviceOf } from './user-agent.ts';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const signIn = (ua: string | undefined) => ({
  kind: 'new_sign_in' as const,
  when: new Date('2026-01-15T23:30:00Z'),
  device: deviceOf(ua),
  ip: '10.0.0.1',
  place: null,
});

describe('new sign-in mail', () => {
  it("words the device in the reader's language; the browser and system keep their names", () => {
    expect(securityMail('en', 'Ana', signIn(WINDOWS_CHROME)).text).toContain('Device: Chrome on Windows');
    expect(securityMail('ja', 'Ana', signIn(WINDOWS_CHROME)).text).toContain('デバイス：Windows の Chrome');
    expect(securityMail('zh', 'Ana', signIn(WINDOWS_CHROME)).text).toContain('设备：Windows 上的 Chrome');
    expect(securityMail('fr', 'Ana', signIn(undefined)).text).toContain('Appareil\u202f: Appareil inconnu');
    // An agent naming neither browser nor system is shown as it came.
    expect(securityMail('de', 'Ana', signIn('curl/8.0')).text).toContain('Gerät: curl/8.0');
  });

  it('tells the time in the given zone and names it; UTC when none is given', () => {
    expect(securityMail('ja', 'Ana', signIn(WINDOWS_CHROME), 'Asia/Tokyo').text).toMatch(
      /日時：2026年1月16日 8:30 \(Asia\/Tokyo\)/,
    );
    expect(securityMail('en', 'Ana', signIn(WINDOWS_CHROME)).text).toMatch(/When: January 15, 2026 .*11:30.*\(UTC\)/);
  });

  it('the comparison of devices stays the same in every language', () => {
    expect(describeDevice(WINDOWS_CHROME)).toBe('Chrome on Windows');
    expect(describeDevice(undefined)).toBe('Unknown device');
  });
});

describe('mailTimeZoneOf', () => {
  it('the stored display zone if it is one, else UTC', () => {
    expect(mailTimeZoneOf({ timeZone: 'Europe/Prague' })).toBe('Europe/Prague');
    expect(mailTimeZoneOf({ timeZone: 'Mars/Olympus' })).toBe('UTC');
    expect(mailTimeZoneOf({ language: 'de' })).toBe('UTC');
    expect(mailTimeZoneOf(null)).toBe('UTC');
  });
});
