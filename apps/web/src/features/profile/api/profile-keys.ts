/** The profile screen's query keys: one place, so a change invalidates what it affects. */
export const profileKeys = {
  all: ['profile'] as const,
  profile: () => [...profileKeys.all, 'me'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  loginHistory: () => [...profileKeys.all, 'login-history'] as const,
};
