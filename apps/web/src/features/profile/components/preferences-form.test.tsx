import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderRoutes } from '../../../test/render';
import { PreferencesForm } from './preferences-form';

describe('preferences: mail notifications', { timeout: 60_000 }, () => {
  it('offers a switch for each kind of mail that is sent (no "news"), and saves them', async () => {
    const calls = mockFetch({
      'PUT /api/user/preferences': (body) => ({ status: 200, body: { profile: { preferences: body } } }),
    });
    await loadMessages('en');
    renderRoutes(
      [
        {
          path: '/accounts/profile',
          element: <PreferencesForm stored={{ theme: 'light', mail: { orders: false } }} />,
        },
      ],
      '/accounts/profile',
    );
    const card = await screen.findByTestId('profile-preferences', {}, { timeout: 10_000 });
    const switches = within(card).getAllByRole('switch') as HTMLInputElement[];
    const labelOf = (s: HTMLInputElement) => s.labels?.[0]?.textContent;
    expect(switches.map(labelOf)).toEqual(['Orders and invoices', 'Payouts', 'Certificates']);
    expect(switches.map((s) => s.checked)).toEqual([false, true, true]);
    expect(within(card).queryByText(/news/i)).toBeNull();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('switch', { name: 'Payouts' }));
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/user/preferences'))?.body).toMatchObject({
        mail: { orders: false, payouts: false },
      }),
    );
  });
});
