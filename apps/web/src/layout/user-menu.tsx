import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCreditCard, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { isMember } from '../lib/auth/roles';
import { useT } from '../i18n/use-t';
import classes from '../components/header-controls.module.css';

/** "Jane D.": first name and last initial (SPEC §2). */
export function shortName(user: { firstName: string; lastName: string }): string {
  const initial = user.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${user.firstName} ${initial}.` : user.firstName;
}

export function UserMenu({ onDark = false }: { onDark?: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { t } = useT();
  const member = isMember(user);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  const roleLabel = t(user.role === 'USER' ? 'ROLE.USER' : user.role === 'ADMIN' ? 'ROLE.ADMIN' : 'ROLE.SUPPORT');

  return (
    <Menu position="bottom-end" shadow="lg" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.control} aria-label={t('USER_MENU.OPEN')} data-testid="user-menu">
          <Group gap={10} wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="md" size={32}>
              {initials}
            </Avatar>
            <Text size="sm" fw={600} c={onDark ? 'white' : undefined} data-testid="header-user-name" visibleFrom="xs">
              {shortName(user)}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar color="brand" variant="filled" radius="md" size={44}>
            {initials}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            {/* The whole name and role: a long name wraps, the badge moves to the next line. */}
            <Group gap={6} wrap="wrap">
              <Text component="div" fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.firstName} {user.lastName}
              </Text>
              <Badge size="xs" variant="default" miw="max-content">
                {roleLabel}
              </Badge>
            </Group>
            <Text component="div" size="xs" c="dimmed" truncate title={user.email}>
              {user.email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconUserCircle size={16} aria-hidden />}
          onClick={() => navigate(member ? '/accounts/profile' : '/admin-profile')}
        >
          {t('USER_MENU.PROFILE')}
        </Menu.Item>
        {member && (
          <Menu.Item leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => navigate('/billing')}>
            {t('USER_MENU.BILLING')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          c="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => navigate('/logout')}
          data-testid="logout"
        >
          {t('USER_MENU.LOGOUT')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
