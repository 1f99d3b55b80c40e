import type { UserRow } from './users.repository.ts';

export function toPublicUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
  };
}
