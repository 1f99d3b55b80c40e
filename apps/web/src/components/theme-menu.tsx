import { Menu, UnstyledButton } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useThemeMode } from '../lib/theme/theme-provider';
import type { ThemeMode } from '../lib/theme/theme';
import { useT } from '../i18n/use-t';
import classes from './header-controls.module.css';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

/** Light, dark or system; system follows the operating system. */
export function ThemeMenu() {
  const { mode, resolved, setMode } = useThemeMode();
  const { t } = useT();
  const Current = resolved === 'dark' ? IconMoon : IconSun;
  const label = (m: ThemeMode) => t(m === 'light' ? 'THEME.LIGHT' : m === 'dark' ? 'THEME.DARK' : 'THEME.SYSTEM');
  return (
    <Menu position="bottom-end" shadow="md" width={170} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={t('THEME.SELECT')} data-testid="theme-menu">
          <Current size={18} stroke={1.7} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('THEME.TITLE')}</Menu.Label>
        {(['light', 'dark', 'system'] as const).map((m) => {
          const Icon = ICONS[m];
          return (
            <Menu.Item
              key={m}
              onClick={() => setMode(m)}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={m === mode ? <IconCheck size={14} aria-hidden /> : null}
              aria-current={m === mode ? 'true' : undefined}
              data-testid={`theme-${m}`}
            >
              {label(m)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
