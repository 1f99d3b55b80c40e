import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { isMember } from '../lib/auth/roles';
import { useConfig } from '../lib/config/config-query';
import { useT } from '../i18n/use-t';
import { MEMBER_NAV, STAFF_NAV } from './nav-items';
import { useAccountId } from './use-account-id';
import classes from './shell.module.css';

/** The header layouts' menu (shown from large screens; the drawer serves smaller ones). */
export function HorizontalMenu({ dark }: { dark: boolean }) {
  const user = useCurrentUser();
  const { t } = useT();
  const { pathname } = useLocation();
  const config = useConfig();
  const accountId = useAccountId();
  const items = isMember(user) ? MEMBER_NAV : STAFF_NAV;
  const active = (to?: string) => !!to && (pathname === to || pathname.startsWith(`${to}/`));

  return (
    <nav aria-label={t('MENU.MAIN')} className={classes.hmenu} data-dark={dark || undefined}>
      <Group gap={2} wrap="nowrap">
        {items.map((item) => {
          if (item.external) {
            return (
              <Button
                key={item.id}
                component="a"
                href={config.data?.[item.external] ?? '#'}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                className={classes.hlink}
                rightSection={<IconExternalLink size={13} aria-hidden />}
              >
                {t(item.labelId)}
              </Button>
            );
          }
          if (item.children) {
            return (
              <Menu key={item.id} trigger="click-hover" position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    variant="subtle"
                    color="gray"
                    className={classes.hlink}
                    data-active={active(item.to) || undefined}
                    rightSection={<IconChevronDown size={13} aria-hidden />}
                  >
                    {t(item.labelId)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {item.children.map((c) => (
                    <Menu.Item
                      key={c.id}
                      component={Link}
                      to={c.to!}
                      disabled={c.needsAccount && !accountId}
                      leftSection={<c.icon size={16} aria-hidden />}
                    >
                      {t(c.labelId)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          }
          return (
            <Button
              key={item.id}
              component={Link}
              to={item.to!}
              variant="subtle"
              color="gray"
              className={classes.hlink}
              data-active={active(item.to) || undefined}
            >
              {t(item.labelId)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
