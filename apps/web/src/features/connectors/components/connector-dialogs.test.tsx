import type { Connector } from '@app/contracts/trading';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { toastError } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import { RevokeConnectorDialog } from './revoke-connector-dialog';
import { RotateConnectorDialog } from './rotate-connector-dialog';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const CONNECTOR: Connector = {
  id: 'c1',
  name: 'MT5 bridge',
  keyPrefix: 'fpc_abcdef',
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  rotatedAt: null,
  previousKeyExpiresAt: null,
};

const wrap = (children: ReactNode) => renderBlock(children, { locale: 'es' });

const answer = (status: number, code: string, message: string) => () => ({ status, body: { code, message } });

describe('connector dialogs: refusals in the reader’s language', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('es');
  });
  beforeEach(() => vi.clearAllMocks());

  it('rotating a connector revoked meanwhile says so, not the server’s English', async () => {
    mockFetch({
      'GET /api/admin/connectors/key-rotation': () => ({ status: 200, body: { graceMinutes: 1440 } }),
      'POST /api/admin/connectors/c1/rotate': answer(
        409,
        'CONFLICT',
        'The connector is revoked; its key cannot be rotated',
      ),
    });
    const onRotated = vi.fn();
    wrap(
      <RotateConnectorDialog
        connector={CONNECTOR}
        askedAt={Date.now()}
        opened
        onClose={() => {}}
        onRotated={onRotated}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Rotar la clave' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Este conector se ha revocado mientras tanto: su clave ya no se puede rotar.',
      ),
    );
    expect(onRotated).not.toHaveBeenCalled();
  });

  it('revoking a connector gone meanwhile says so', async () => {
    mockFetch({
      'POST /api/admin/connectors/c1/revoke': answer(404, 'NOT_FOUND', 'The requested connector is not found'),
    });
    wrap(<RevokeConnectorDialog connector={CONNECTOR} opened onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Este conector ya no existe. Vuelve a cargar la lista.'),
    );
  });
});
