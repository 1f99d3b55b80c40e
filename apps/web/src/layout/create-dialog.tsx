import { Badge, Group, Modal, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconCertificate,
  IconDiscount,
  IconKey,
  IconRocket,
  IconTrophy,
  IconUserCheck,
  IconUserPlus,
  IconWallet,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { isAdmin, isMember } from '../lib/auth/roles';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/messages';

interface CreateOption {
  id: string;
  icon: typeof IconTrophy;
  title: MessageId;
  text: MessageId;
  /** Where the option leads; without one it is announced as coming soon. */
  to?: string;
}

const MEMBER_OPTIONS: CreateOption[] = [
  {
    id: 'start-challenge',
    icon: IconRocket,
    title: 'CHECKOUT.CREATE.TITLE',
    text: 'CHECKOUT.CREATE.TEXT',
    to: '/start-challenge',
  },
  // The payout page opens the request form of an eligible account from this link.
  {
    id: 'payout',
    icon: IconWallet,
    title: 'CREATE.MEMBER.PAYOUT',
    text: 'CREATE.MEMBER.PAYOUT_TEXT',
    to: '/payout?request=1',
  },
];
// The orders desk opens its discount-code form from this link (features never import each other).
const DISCOUNT_OPTION: CreateOption = {
  id: 'discount-code',
  icon: IconDiscount,
  title: 'DISCOUNTS.CREATE.TITLE',
  text: 'DISCOUNTS.CREATE.TEXT',
  to: '/orders?tab=discounts&create=1',
};
// What ADMIN creates; each screen opens its form from the link (features never import each other).
const STAFF_OPTIONS: CreateOption[] = [
  {
    id: 'user',
    icon: IconUserPlus,
    title: 'CREATE.STAFF.USER',
    text: 'CREATE.STAFF.USER_TEXT',
    to: '/users/edit-user',
  },
  {
    id: 'challenge',
    icon: IconTrophy,
    title: 'CREATE.STAFF.CHALLENGE',
    text: 'CREATE.STAFF.CHALLENGE_TEXT',
    to: '/challenges/create',
  },
  {
    id: 'user-challenge',
    icon: IconUserCheck,
    title: 'CREATE.STAFF.USER_CHALLENGE',
    text: 'CREATE.STAFF.USER_CHALLENGE_TEXT',
    to: '/users/challenge/create',
  },
  {
    id: 'connector-key',
    icon: IconKey,
    title: 'CREATE.STAFF.CONNECTOR_KEY',
    text: 'CREATE.STAFF.CONNECTOR_KEY_TEXT',
    to: '/integrations?create=1',
  },
];
// Issuing a certificate is ADMIN's; the certificates desk opens its form from this link.
const CERTIFICATE_OPTION: CreateOption = {
  id: 'certificate',
  icon: IconCertificate,
  title: 'CREATE.STAFF.CERTIFICATE',
  text: 'CREATE.STAFF.CERTIFICATE_TEXT',
  to: '/admin-certificates?issue=1',
};

/** The toolbar's create dialog: what this role can create, and what it will be able to. */
export function CreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const { t } = useT();
  const navigate = useNavigate();
  // Creating is ADMIN's; SUPPORT reads the admin area and is told so instead.
  const options = isMember(user)
    ? MEMBER_OPTIONS
    : isAdmin(user)
      ? [...STAFF_OPTIONS, DISCOUNT_OPTION, CERTIFICATE_OPTION]
      : [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          {t('CREATE.TITLE')}
        </Text>
      }
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <Text c="dimmed" size="sm" mb="md" data-testid={options.length === 0 ? 'create-read-only' : undefined}>
        {t(options.length === 0 ? 'CREATE.READ_ONLY' : 'CREATE.DESC')}
      </Text>
      <Stack gap="sm">
        {options.map(({ id, icon: Icon, title, text, to }) => (
          <UnstyledButton
            key={id}
            disabled={!to}
            aria-disabled={!to}
            onClick={() => {
              if (!to) return;
              onClose();
              void navigate(to);
            }}
            data-testid={`create-${id}`}
            style={{
              border: '1px solid var(--app-border)',
              borderRadius: 12,
              padding: 14,
              cursor: to ? 'pointer' : 'not-allowed',
            }}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={42} radius="md" variant="light" color={to ? undefined : 'gray'}>
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Group gap="xs">
                  <Text fw={600}>{t(title)}</Text>
                  {!to && (
                    <Badge size="xs" variant="default">
                      {t('COMMON.COMING_SOON')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(text)}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
