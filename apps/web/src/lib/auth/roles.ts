import type { User } from '@app/contracts/auth';

type WithRole = Pick<User, 'role'>;

export const isMember = (user: WithRole) => user.role === 'USER';
/** Staff writes (create, revoke, edit) are ADMIN's; SUPPORT reads everything and writes nothing. */
export const isAdmin = (user: WithRole) => user.role === 'ADMIN';
export const homePathFor = (user: WithRole | null | undefined) => (user && isMember(user) ? '/accounts' : '/dashboard');
