import { NavLink, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { isMember } from '../lib/auth/roles';
import { useConfig } from '../lib/config/config-query';
import { useT } from '../i18n/use-t';
import { MEMBER_NAV, STAFF_NAV, type NavItem } from './nav-items';
import { useAccountId } from './use-account-id';
import classes from './sidebar.module.css';

function isActive(pathname: string, to: string | undefined, exact = false) {
  if (!to) return false;
  return exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/** The role's menu as a vertical list (sidebar and mobile drawer). */
export function SidebarMenu({ onNavigate, variant = 'dark' }: { onNavigate?: () => void; variant?: 'dark' | 'light' }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { t } = useT();
  const config = useConfig();
  const accountId = useAccountId();
  const items = isMember(user) ? MEMBER_NAV : STAFF_NAV;

  const renderItem = (item: NavItem, nested = false) => {
    const Icon = item.icon;
    const label = t(item.labelId);
    const icon = <Icon size={nested ? 16 : 20} stroke={1.6} aria-hidden />;
    if (item.external) {
      const href = config.data?.[item.external];
      return (
        <NavLink
          key={item.id}
          component="a"
          href={href ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          label={label}
          leftSection={icon}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={`${label} (${t('COMMON.OPENS_NEW_TAB')})`}
          className={classes.link}
          data-variant={variant}
          onClick={onNavigate}
        />
      );
    }
    if (item.children) {
      const open = item.children.some((c) => isActive(pathname, c.to, true)) || isActive(pathname, item.to);
      return (
        <NavLink
          key={item.id}
          label={label}
          leftSection={icon}
          defaultOpened={open || item.id === 'accounts'}
          childrenOffset={14}
          className={classes.link}
          data-variant={variant}
          component="button"
          type="button"
        >
          {item.children.map((c) => renderItem(c, true))}
        </NavLink>
      );
    }
    const disabled = item.needsAccount && !accountId;
    if (disabled) {
      return (
        <Tooltip key={item.id} label={t('MENU.SELECT_ACCOUNT_FIRST')} position="right" withArrow>
          <NavLink
            disabled
            renderRoot={(props) => <button {...props} type="button" disabled aria-disabled="true" />}
            label={label}
            leftSection={icon}
            className={classes.link}
            data-variant={variant}
            aria-describedby={undefined}
            data-testid={`nav-${item.id}`}
          />
        </Tooltip>
      );
    }
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.to!}
        label={label}
        leftSection={icon}
        active={isActive(pathname, item.to, nested)}
        className={classes.link}
        data-variant={variant}
        onClick={onNavigate}
        data-testid={`nav-${item.id}`}
      />
    );
  };

  return (
    <nav aria-label={t('MENU.MAIN')} className={classes.menu}>
      {items.map((i) => renderItem(i))}
    </nav>
  );
}
