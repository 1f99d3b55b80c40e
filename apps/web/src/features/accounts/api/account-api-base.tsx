import { createContext, useContext, type ReactNode } from 'react';

/**
 * Where the accounts' reads are asked: the member's own at `/api`, or, for staff looking at a
 * member's account, the same reads under `/api/admin/users/{userId}` (the server serves both from
 * one handler). The member's screens and the staff report share every component through this.
 */
const AccountApiBase = createContext('/api');

export function StaffAccountApi({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <AccountApiBase.Provider value={`/api/admin/users/${encodeURIComponent(userId)}`}>
      {children}
    </AccountApiBase.Provider>
  );
}

export const useAccountApiBase = () => useContext(AccountApiBase);
