import { useEffect } from 'react';
import type { User } from '@app/contracts/auth';
import { useLocale } from '../i18n/i18n-provider';
import { isLocale } from '../i18n/locales';
import { useThemeMode } from '../lib/theme/theme-provider';

/**
 * The person's preferences kept on the server follow them to every device: language and theme are
 * applied once per sign-in, when the signed-in shell first shows (here rather than in the session
 * code, so the login route does not carry it). The display zone is the session's own
 * (lib/auth/auth-provider: set before any signed-in screen renders, cleared at sign-out).
 */
export function useStoredPreferences(user: User): void {
  const { setLocale } = useLocale();
  const { setMode } = useThemeMode();
  const { id, preferences } = user;
  useEffect(() => {
    if (!preferences) return;
    if (isLocale(preferences.language)) void setLocale(preferences.language);
    if (preferences.theme) setMode(preferences.theme);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per person signed in: later changes are applied where they are made (the profile)
  }, [id]);
}
