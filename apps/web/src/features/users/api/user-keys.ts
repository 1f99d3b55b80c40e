import type { AdminUserListParams } from '@app/contracts/admin-users';

/** Every query key of the users screens; a mutation invalidates `all` (list and detail alike). */
export const userKeys = {
  all: ['admin-users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: AdminUserListParams) => [...userKeys.lists(), params] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  sessions: (id: string) => [...userKeys.detail(id), 'sessions'] as const,
  logins: (id: string) => [...userKeys.detail(id), 'logins'] as const,
  mails: (id: string) => [...userKeys.detail(id), 'mails'] as const,
  mfa: (id: string) => [...userKeys.detail(id), 'mfa'] as const,
  records: (id: string, kind: 'orders' | 'payouts' | 'certificates') => [...userKeys.detail(id), kind] as const,
};
