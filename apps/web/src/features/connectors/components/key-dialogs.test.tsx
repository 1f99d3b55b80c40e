import type { RotatedConnector } from '../api/rotate-connector';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderBlock } from '../../../test/render';
import { CreateConnectorModal } from './create-connector-modal';
import { RotatedKeyModal } from './rotated-key-modal';

const KEY = 'fpc_0123456789abcdefghijKLMN';
/** A connector as the API answers with its key, the one time it shows it. */
const withKey = {
  id: 'c1',
  name: 'MT5 bridge',
  keyPrefix: 'fpc_012345',
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  rotatedAt: null,
  previousKeyExpiresAt: null,
  key: KEY,
};

describe('a key shown once is not lost to a stray key press', () => {
  beforeAll(() => loadMessages('en'));

  it('the new connector’s key stays on Escape; Done closes', async () => {
    mockFetch({
      'POST /api/admin/connectors': () => ({
        status: 201,
        body: withKey,
      }),
    });
    const onClose = vi.fn();
    renderBlock(<CreateConnectorModal opened onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText(/Name/), 'MT5 bridge');
    await userEvent.click(screen.getByRole('button', { name: 'Create connector' }));
    expect(await screen.findByText(KEY)).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText(KEY)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a rotated key stays on Escape', async () => {
    const rotated: RotatedConnector = {
      ...withKey,
      rotatedAt: '2026-11-29T00:00:00Z',
      previousKeyExpiresAt: '2026-11-30T00:00:00Z',
    };
    const onClose = vi.fn();
    renderBlock(<RotatedKeyModal rotated={rotated} onClose={onClose} />);
    expect(await screen.findByText(KEY)).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
