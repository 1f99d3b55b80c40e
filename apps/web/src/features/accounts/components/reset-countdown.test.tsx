import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { renderBlock } from '../test-fixtures';
import { ResetCountdown } from './reset-countdown';

// The server says when the next trading day starts (`nextDailyResetAt`); the countdown must count
// the real hours to it, which on a DST change are 23 or 25, not 24.
const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe('countdown to the next daily reset', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });
  afterEach(() => vi.useRealTimers());

  it('spring forward: from 00:30 CET the next midnight (CEST) is 22 h 30 min away', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 29 Mar 2026, 00:30 in Prague (CET, UTC+1); clocks jump from 02:00 to 03:00 that night.
    at('2026-03-28T23:30:00Z');
    renderBlock(
      <ResetCountdown resetAt="2026-03-29T22:00:00.000Z" timeZone="Europe/Prague" viewerTimeZone="America/New_York" />,
    );
    expect(screen.getByTestId('reset-clock').textContent).toBe('22:30:00');
    // The reset's own zone name is the one in force at the reset: summer time.
    expect(screen.getByTestId('reset-at').textContent).toBe('Resets at 00:00 Europe/Prague (CEST)');
    // New York moved to summer time three weeks earlier: 22:00 UTC is 18:00 there.
    expect(screen.getByTestId('reset-local').textContent).toBe(
      'That is 18:00 GMT-4 on 29 Mar 2026 your time (America/New_York).',
    );
  });

  it('fall back: from 00:30 CEST the next midnight (CET) is 24 h 30 min away', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 25 Oct 2026, 00:30 in Prague (CEST, UTC+2); at 03:00 clocks go back to 02:00.
    at('2026-10-24T22:30:00Z');
    renderBlock(<ResetCountdown resetAt="2026-10-25T23:00:00.000Z" timeZone="Europe/Prague" viewerTimeZone="UTC" />);
    expect(screen.getByTestId('reset-clock').textContent).toBe('24:30:00');
    expect(screen.getByTestId('reset-at').textContent).toBe('Resets at 00:00 Europe/Prague (CET)');
    expect(screen.getByTestId('reset-local').textContent).toBe('That is 23:00 UTC on 25 Oct 2026 your time.');
  });

  it('a challenge whose day starts in UTC, read in UTC, names the zone once: "UTC", not "UTC (UTC)"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-23T10:00:00Z');
    const caption = async (locale: 'en' | 'ja' | 'zh') => {
      await loadMessages(locale);
      const { unmount } = renderBlock(
        <ResetCountdown resetAt="2026-11-24T00:00:00.000Z" timeZone="UTC" viewerTimeZone="UTC" />,
        { locale },
      );
      const text = [screen.getByTestId('reset-at').textContent, screen.getByTestId('reset-local').textContent];
      unmount();
      return text;
    };
    expect(await caption('en')).toEqual(['Resets at 00:00 UTC', 'That is 00:00 UTC on 24 Nov 2026 your time.']);
    expect(await caption('ja')).toEqual(['UTC の 00:00 にリセット', 'あなたの時刻では 2026年11月24日 00:00 UTCです。']);
    expect(await caption('zh')).toEqual(['在 UTC 00:00 重置', '即您当地时间 2026年11月24日 UTC 00:00。']);
  });

  it('an ordinary day, in German, and ticking down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-23T10:00:00Z');
    renderBlock(
      <ResetCountdown resetAt="2026-11-23T23:00:00.000Z" timeZone="Europe/Prague" viewerTimeZone="Asia/Tokyo" />,
      {
        locale: 'de',
      },
    );
    expect(screen.getByTestId('reset-clock').textContent).toBe('13:00:00');
    expect(screen.getByTestId('reset-at').textContent).toBe('Reset um 00:00 Europe/Prague (MEZ)');
    expect(screen.getByTestId('reset-local').textContent).toBe(
      'Das ist 08:00 GMT+9 am 24. Nov. 2026 Ihrer Zeit (Asia/Tokyo).',
    );
    at('2026-11-23T10:00:01Z');
    await vi.waitFor(() => expect(screen.getByTestId('reset-clock').textContent).toMatch(/^12:59:5\d$/), {
      timeout: 3000,
    });
  });

  it('"your time" is the display zone chosen on the profile, and follows a change; the reset stays in its zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-23T10:00:00Z');
    // The browser's zone under test is UTC; the person chose New York, then Tokyo.
    setDisplayTimeZone('America/New_York');
    renderBlock(<ResetCountdown resetAt="2026-11-23T23:00:00.000Z" timeZone="Europe/Prague" />);
    expect(screen.getByTestId('reset-at').textContent).toBe('Resets at 00:00 Europe/Prague (CET)');
    expect(screen.getByTestId('reset-local').textContent).toBe(
      'That is 18:00 GMT-5 on 23 Nov 2026 your time (America/New_York).',
    );
    act(() => setDisplayTimeZone('Asia/Tokyo'));
    expect(screen.getByTestId('reset-at').textContent).toBe('Resets at 00:00 Europe/Prague (CET)');
    expect(screen.getByTestId('reset-local').textContent).toBe(
      'That is 08:00 GMT+9 on 24 Nov 2026 your time (Asia/Tokyo).',
    );
  });

  it('at zero it says so and asks for the new day’s figures once', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-23T23:00:05Z');
    const onReset = vi.fn();
    renderBlock(<ResetCountdown resetAt="2026-11-23T23:00:00.000Z" timeZone="Europe/Prague" onReset={onReset} />);
    expect(screen.getByTestId('reset-clock').textContent).toBe('Resetting now…');
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
