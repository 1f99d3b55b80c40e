import { useEffect } from 'react';
import type { User } from '@app/contracts/auth';
import { useLocale } from '../i18n/i18n-provider';
import { isLocale } from '../i18n/locales';
import { setDisplayTimeZone } from '../lib/format/display-zone';
import { useThemeMode } from '../lib/theme/theme-provider';

/**
 * The person's preferences kept on the server (language, theme, display time zone) follow them to
 * every device: applied once per sign-in, when the signed-in shell first shows. Here rather than in
 * the session code, so the login route does not carry it. The chosen zone ends with the shell
 * (sign-out, session end): the next person at this browser starts from the browser's own.
 */
export function useStoredPreferences(user: User): void {
  const { setLocale } = useLocale();
  const { setMode } = useThemeMode();
  const { id, preferences } = user;
  useEffect(() => {
    const clearZone = () => setDisplayTimeZone(undefined);
    if (!preferences) return clearZone;
    if (isLocale(preferences.language)) void setLocale(preferences.language);
    if (preferences.theme) setMode(preferences.theme);
    setDisplayTimeZone(preferences.timeZone);
    return clearZone;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per person signed in: later changes are applied where they are made (the profile)
  }, [id]);
}
