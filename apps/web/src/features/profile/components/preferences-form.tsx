import { MAIL_KINDS, type Preferences } from '@app/contracts/account';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocale } from '../../../i18n/i18n-provider';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../i18n/locales';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import { localTimeZone } from '../../../lib/format/format-date';
import { useAuth } from '../../../lib/auth/auth-provider';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { useThemeMode } from '../../../lib/theme/theme-provider';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdatePreferences } from '../api/update-profile';
import { SectionCard } from './section-card';

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
  return supported?.length ? supported : [localTimeZone(), 'UTC'];
};

/**
 * Language, theme, display time zone and mail kinds, kept on the server: saved here, applied now
 * and at every sign-in on any device. An unset zone is the browser's own.
 */
export function PreferencesForm({ stored }: { stored: Preferences }) {
  const { t, tError } = useT();
  const { locale, setLocale } = useLocale();
  const { mode, setMode } = useThemeMode();
  const mutation = useUpdatePreferences();
  const { refreshUser } = useAuth();
  const browserZone = localTimeZone();
  const [draft, setDraft] = useState<Preferences>(() => ({
    language: stored.language ?? locale,
    theme: stored.theme ?? mode,
    timeZone: stored.timeZone,
    mail: stored.mail ?? {},
  }));
  // A language or theme picked in the header is saved as the stored one while this form is open:
  // the form follows it, so that saving here does not put the old one back.
  const [seen, setSeen] = useState({ language: stored.language, theme: stored.theme });
  if (stored.language !== seen.language || stored.theme !== seen.theme) {
    setSeen({ language: stored.language, theme: stored.theme });
    setDraft((d) => ({ ...d, language: stored.language ?? d.language, theme: stored.theme ?? d.theme }));
  }
  const zoneOptions = useMemo(
    () => [
      { value: '', label: t('PROFILE.PREFS.ZONE_BROWSER', { zone: browserZone }) },
      ...zones().map((z) => ({ value: z, label: z })),
    ],
    [t, browserZone],
  );

  const save = async () => {
    try {
      const body: Preferences = { ...draft, timeZone: draft.timeZone || undefined };
      await mutation.mutateAsync(body);
      if (isLocale(body.language)) await setLocale(body.language);
      if (body.theme) setMode(body.theme);
      setDisplayTimeZone(body.timeZone);
      // The signed-in record follows, so the shell mounting again (after a public page) applies what
      // was just saved, not what was stored at sign-in. The save itself has succeeded either way.
      void refreshUser().catch(() => {});
      toastSuccess(t('PROFILE.PREFS.SAVED'));
    } catch (error) {
      toastError(tError(error, 'PROFILE.ERROR.GENERIC'));
    }
  };

  return (
    <SectionCard title={t('PROFILE.PREFS.TITLE')} description={t('PROFILE.PREFS.HINT')} testId="profile-preferences">
      {/* Side by side only while the card spans the page: in the half-width column (from lg) each
          select takes the whole width, so the browser's zone reads in full. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }}>
        <Select
          label={t('LANGUAGE.TITLE')}
          data={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          value={draft.language ?? null}
          allowDeselect={false}
          onChange={(v) => v && isLocale(v) && setDraft((d) => ({ ...d, language: v }))}
        />
        <Select
          label={t('PROFILE.PREFS.ZONE')}
          data={zoneOptions}
          value={draft.timeZone ?? ''}
          searchable
          allowDeselect={false}
          onChange={(v) => setDraft((d) => ({ ...d, timeZone: v || undefined }))}
        />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} mb={4} id="prefs-theme">
          {t('THEME.TITLE')}
        </Text>
        <SegmentedControl
          aria-labelledby="prefs-theme"
          value={draft.theme ?? 'system'}
          onChange={(v) => setDraft((d) => ({ ...d, theme: v as Preferences['theme'] }))}
          data={[
            { value: 'light', label: t('THEME.LIGHT') },
            { value: 'dark', label: t('THEME.DARK') },
            { value: 'system', label: t('THEME.SYSTEM') },
          ]}
        />
      </div>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('PROFILE.PREFS.MAIL')}
        </Text>
        {MAIL_KINDS.map((kind) => (
          <Switch
            key={kind}
            label={t(`PROFILE.PREFS.MAIL.${kind.toUpperCase()}` as MessageId)}
            checked={draft.mail?.[kind] !== false}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setDraft((d) => ({ ...d, mail: { ...d.mail, [kind]: on } }));
            }}
          />
        ))}
        <Text size="xs" c="dimmed">
          {t('PROFILE.PREFS.MAIL_SECURITY')}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={mutation.isPending}>
          {t('PROFILE.SAVE')}
        </Button>
      </Group>
    </SectionCard>
  );
}
