import type { mfaRecoveryCodesResponseSchema, mfaSetupResponseSchema } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesResponseSchema>;

/** POST /api/user/mfa/setup: a new secret (text, otpauth URL and QR code as SVG). */
export const setupMfa = () => apiRequest<MfaSetup>('/api/user/mfa/setup', { method: 'POST' });
/** POST /api/user/mfa/confirm: the first code turns it on; the recovery codes come back once. */
export const confirmMfa = (code: string) =>
  apiRequest<MfaRecoveryCodes>('/api/user/mfa/confirm', { method: 'POST', body: { code: code.trim() } });
/** POST /api/user/mfa/disable: password and a current code. */
export const disableMfa = (body: { currentPassword: string; code: string }) =>
  apiRequest('/api/user/mfa/disable', { method: 'POST', body });

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
  });
}

export const useSetupMfa = () => useMutation({ mutationFn: setupMfa });
export const useConfirmMfa = () => useInvalidating(confirmMfa);
export const useDisableMfa = () => useInvalidating(disableMfa);
