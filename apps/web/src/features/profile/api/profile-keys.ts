import { OWN_PROFILE_KEY } from '../../../layout/own-profile';

/** The profile screen's query keys: one place, so a change invalidates what it affects. */
export const profileKeys = {
  all: ['profile'] as const,
  // Shared with the header, which saves a language or theme picked there into it too.
  profile: () => OWN_PROFILE_KEY,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  loginHistory: () => [...profileKeys.all, 'login-history'] as const,
};
