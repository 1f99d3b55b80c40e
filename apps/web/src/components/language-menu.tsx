import { Menu, UnstyledButton, Group, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useLocale } from '../i18n/i18n-provider';
import { LOCALES, LOCALE_FLAGS, LOCALE_NAMES } from '../i18n/locales';
import { useT } from '../i18n/use-t';
import classes from './header-controls.module.css';

/** The language selector: each language in its own name; the choice is stored in i18nConfig. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { locale, setLocale } = useLocale();
  const { t } = useT();
  return (
    <Menu position="bottom-end" shadow="md" width={190} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={t('LANGUAGE.SELECT')} data-testid="language-menu">
          <Group gap={6} wrap="nowrap">
            <IconLanguage size={18} stroke={1.7} aria-hidden />
            {!compact && (
              <Text size="sm" fw={500}>
                {LOCALE_NAMES[locale]}
              </Text>
            )}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('LANGUAGE.TITLE')}</Menu.Label>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => void setLocale(l)}
            leftSection={<span aria-hidden>{LOCALE_FLAGS[l]}</span>}
            rightSection={l === locale ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={l === locale ? 'true' : undefined}
          >
            {LOCALE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
