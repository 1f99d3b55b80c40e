import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import type { Attention } from '../model/urgency';
import { account, renderBlock } from '../test-fixtures';
import { AttentionStrip } from './attention-strip';

const items: Attention[] = [
  { kind: 'daily', account: account(), leftCents: 31_000, currency: 'USD', tone: 'danger' },
  { kind: 'deadline', account: account({ id: 'a2', login: '50000002' }), days: 3, tone: 'warn' },
];
const texts = () => screen.getAllByTestId('attention-item').map((li) => (li.textContent ?? '').replace(/\u00a0/g, ' '));

describe('AttentionStrip', () => {
  beforeAll(() => Promise.all((['en', 'fr', 'ja'] as const).map((l) => loadMessages(l))));

  it('names the account, then what is close, and opens the account', async () => {
    const onOpen = vi.fn();
    renderBlock(<AttentionStrip items={items} onOpen={onOpen} />);
    expect(texts()).toEqual([
      '100K Two-Step · 50000001: US$310.00 left today',
      '100K Two-Step · 50000002: 3 days left',
    ]);
    await userEvent.click(within(screen.getAllByTestId('attention-item')[1]!).getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith(items[1]!.account);
  });

  it.each([
    ['fr', '100K Two-Step · 50000002\u202f: 3 jours restants'],
    ['ja', '100K Two-Step · 50000002：残り3日'],
  ] as const)('%s: joins them with the language’s own punctuation', (locale: Locale, text) => {
    renderBlock(<AttentionStrip items={items} onOpen={() => {}} />, { locale });
    expect(texts()[1]).toBe(text);
  });
});
