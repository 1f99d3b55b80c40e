import type { Role } from '@app/contracts';

/** The demo logins listed in the README. */
export const DEMO_USERS: Array<{ email: string; password: string; firstName: string; lastName: string; role: Role }> = [
  { email: 'member@example.com', password: 'Member123!', firstName: 'Martina', lastName: 'Novak', role: 'USER' },
  { email: 'admin@example.com', password: 'Admin123!', firstName: 'Adam', lastName: 'Keller', role: 'ADMIN' },
  { email: 'support@example.com', password: 'Support123!', firstName: 'Sofia', lastName: 'Lindqvist', role: 'SUPPORT' },
];
