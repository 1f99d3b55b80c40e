import type { User } from '@app/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocale } from '../i18n/i18n-provider';
import { isLocale } from '../i18n/locales';
import { useT } from '../i18n/use-t';
import { useAuth } from '../lib/auth/auth-provider';
import { session } from '../lib/session';
import { useThemeMode } from '../lib/theme/theme-provider';
import { toastError } from '../lib/toast';
import { knownChoice, saveHeaderChoice, type HeaderChoice } from './own-profile';

/**
 * The person's preferences kept on the server follow them to every device: language and theme are
 * applied whenever the signed-in shell mounts for them (at sign-in, and on every page load; here
 * rather than in the session code, so the login route does not carry it). So that a reload does not
 * undo a language or theme picked in the header, such a pick is saved as their preference too. The
 * display zone is the session's own (lib/auth/auth-provider: set before any signed-in screen
 * renders, cleared at sign-out).
 */
export function useStoredPreferences(user: User): void {
  const { setLocale } = useLocale();
  const { setMode } = useThemeMode();
  const { id, preferences } = user;
  useEffect(() => {
    if (!preferences) return;
    if (isLocale(preferences.language)) void setLocale(preferences.language);
    if (preferences.theme) setMode(preferences.theme);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per person signed in: later changes are applied where they are made (the profile, the header)
  }, [id]);
  useSavedChoices(preferences);
}

/**
 * Saves a language or theme that changes while the shell shows and differs from what is stored:
 * the header's menus. What the shell applies above, and what the profile's form saved itself,
 * already equal what is stored, so they are not written again. A failed save keeps the choice for
 * this visit; one quiet toast says it was not kept.
 */
function useSavedChoices(preferences: User['preferences']): void {
  const { locale } = useLocale();
  const { mode } = useThemeMode();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const { t } = useT();
  const shown = useRef({ locale, mode });
  const saving = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const before = shown.current;
    shown.current = { locale, mode };
    const known = knownChoice(queryClient, preferences);
    const choice: HeaderChoice = {};
    if (locale !== before.locale && locale !== known.language) choice.language = locale;
    if (mode !== before.mode && mode !== known.theme) choice.theme = mode;
    if (!choice.language && !choice.theme) return;
    // One save at a time, in the order picked: each reads what the one before it wrote.
    saving.current = saving.current.then(() =>
      saveHeaderChoice(queryClient, choice).then(
        (wrote) => {
          // The signed-in record follows, so the shell mounting again applies this choice.
          if (wrote) void refreshUser().catch(() => {});
        },
        () => {
          // Signed out meanwhile: the session's own message says so.
          if (session.getToken()) toastError(t('HEADER.PREFERENCE_NOT_SAVED'), 'preference-not-saved');
        },
      ),
    );
  }, [locale, mode, preferences, queryClient, refreshUser, t]);
}
