import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { account, renderBlock } from '../test-fixtures';
import { AccountBar, AsOf } from './account-bar';

// An hour ago, whenever the test runs: the relative time is the one part that moves.
const at = () => new Date(Date.now() - 3_600_000).toISOString();

describe('AsOf', () => {
  beforeAll(() => Promise.all((['en', 'fr', 'ja', 'zh'] as const).map((l) => loadMessages(l))));

  it.each([
    ['en', /^As of \S.* \(1 hour ago\)$/],
    ['fr', /^Données au \S.* \(il y a 1\sheure\)$/],
    // Full-width colon and brackets, no half-width space beside them.
    ['ja', /^データ時刻：\S.*\S（1\s?時間前）$/],
    ['zh', /^数据时间：\S.*\S（1\s?小时前）$/],
  ] as const)('%s: the time and how long ago, in the language’s own words and brackets', (locale: Locale, text) => {
    renderBlock(<AsOf account={{ lastEventAt: at(), status: 'passed' }} />, { locale });
    expect(screen.getByTestId('as-of').textContent).toMatch(text);
    expect(screen.getByTestId('as-of-time').getAttribute('datetime')).toMatch(/Z$/);
  });
});

describe('AccountBar', () => {
  beforeAll(() => loadMessages('en'));

  it('says "Live" over a running account only: a finished one’s figures no longer change', () => {
    const { unmount } = renderBlock(<AccountBar account={account({ status: 'active' })} live="live" />);
    expect(screen.getByTestId('live-indicator')).toBeTruthy();
    unmount();
    for (const status of ['passed', 'failed', 'closed'] as const) {
      const view = renderBlock(<AccountBar account={account({ status })} live="live" />);
      expect(screen.queryByTestId('live-indicator'), status).toBeNull();
      view.unmount();
    }
  });
});
