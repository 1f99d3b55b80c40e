import { ActionIcon, Group, NativeSelect } from '@mantine/core';
import { IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useLocale } from '../i18n/i18n-provider';
import { isLocale, LOCALES, LOCALE_NAMES } from '../i18n/locales';
import { useT } from '../i18n/use-t';
import { useThemeMode } from '../lib/theme/theme-provider';

const THEME_ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

/**
 * Language and theme on the auth screens. Native controls rather than the shell's popover menus:
 * the login page stays within its download budget.
 */
export function AuthPreferences() {
  const { locale, setLocale } = useLocale();
  const { mode, setMode } = useThemeMode();
  const { t } = useT();
  return (
    <Group gap="xs" wrap="nowrap" ml="auto">
      <NativeSelect
        aria-label={t('LANGUAGE.SELECT')}
        value={locale}
        onChange={(e) => isLocale(e.currentTarget.value) && void setLocale(e.currentTarget.value)}
        data={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
        leftSection={<IconLanguage size={16} aria-hidden />}
        variant="filled"
        radius="md"
        w={{ base: 128, xs: 150 }}
        data-testid="language-select"
      />
      <Group gap={2} role="group" aria-label={t('THEME.SELECT')} wrap="nowrap">
        {(['light', 'dark', 'system'] as const).map((m) => {
          const Icon = THEME_ICONS[m];
          const label = t(m === 'light' ? 'THEME.LIGHT' : m === 'dark' ? 'THEME.DARK' : 'THEME.SYSTEM');
          return (
            <span key={m}>
              <ActionIcon
                variant={mode === m ? 'default' : 'subtle'}
                color="gray"
                size={36}
                radius="md"
                aria-label={label}
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                data-testid={`theme-${m}`}
              >
                <Icon size={17} stroke={1.7} aria-hidden />
              </ActionIcon>
            </span>
          );
        })}
      </Group>
    </Group>
  );
}
