import type { CertificateListParams } from '@app/contracts/certificates';

/** Every query key of the certificates screens. */
export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  lists: () => [...certificateKeys.all, 'list'] as const,
  list: (params: CertificateListParams) => [...certificateKeys.lists(), params] as const,
  verify: (code: string) => [...certificateKeys.all, 'verify', code] as const,
  members: (q: string) => [...certificateKeys.all, 'members', q] as const,
  accounts: (userId: string) => [...certificateKeys.all, 'accounts', userId] as const,
};
