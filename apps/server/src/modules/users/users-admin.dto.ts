import { USER_LANGUAGES, type AdminUser, type AdminUserDetail } from '@app/contracts';
import { countryOf } from '../../lib/geo-place.ts';
import type { AccountCounts, AdminUserRow } from './users-admin.repository.ts';

export function toAdminUser(r: AdminUserRow, counts: AccountCounts | undefined): AdminUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    country: countryOf(r.lastLoginGeo),
    accounts: counts?.accounts ?? 0,
    fundedAccounts: counts?.funded ?? 0,
    anonymised: r.deletedAt !== null,
  };
}

export function toAdminUserDetail(r: AdminUserRow, counts: AccountCounts | undefined): AdminUserDetail {
  const language = (r.preferences as { language?: unknown }).language;
  return {
    ...toAdminUser(r, counts),
    updatedAt: r.updatedAt.toISOString(),
    mfaEnabled: r.mfaEnabledAt !== null,
    language: USER_LANGUAGES.find((l) => l === language) ?? null,
  };
}
