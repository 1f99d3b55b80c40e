import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n/messages';
import { ApiError } from '../lib/api-client';
import { renderBlock } from '../test/render';
import { DetailDrawer, DetailRow } from './detail-drawer';

const read = (over: Partial<{ isError: boolean; error: unknown }> = {}) => ({
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe('DetailDrawer', () => {
  beforeAll(() => loadMessages('en'));

  it('a skeleton until the detail is ready, then the detail', async () => {
    const q = read();
    const { unmount } = renderBlock(
      <DetailDrawer opened onClose={() => {}} title="Order" query={q} ready={false}>
        <DetailRow label="Total">$99.00</DetailRow>
      </DetailDrawer>,
    );
    expect((await screen.findByRole('dialog')).querySelector('[aria-busy]')).toBeTruthy();
    expect(screen.queryByText('$99.00')).toBeNull();
    unmount();
    renderBlock(
      <DetailDrawer opened onClose={() => {}} title="ORD-000001" query={q} ready>
        <DetailRow label="Total">$99.00</DetailRow>
      </DetailDrawer>,
    );
    expect(await screen.findByText('$99.00')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('ORD-000001')).toBeTruthy();
  });

  it('a failed read says why in the reader’s language, not the server’s English, and Retry asks again', async () => {
    const q = read({ isError: true, error: new ApiError(404, 'NOT_FOUND', 'Order not found', 'Order not found') });
    renderBlock(
      <DetailDrawer opened onClose={() => {}} title="Order" query={q} ready={false} errorTestId="detail-error">
        never shown
      </DetailDrawer>,
    );
    const alert = await screen.findByTestId('detail-error');
    expect(alert.textContent).toContain('This could not be found.');
    expect(screen.queryByText('never shown')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('closes from its labelled close button', async () => {
    const onClose = vi.fn();
    renderBlock(
      <DetailDrawer opened onClose={onClose} title="Entry" ready>
        body
      </DetailDrawer>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
