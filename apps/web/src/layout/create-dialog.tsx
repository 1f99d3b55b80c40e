import { Badge, Group, Modal, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconTrophy, IconUserPlus, IconRocket, IconCertificate } from '@tabler/icons-react';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { isMember } from '../lib/auth/roles';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/messages';

interface CreateOption {
  id: string;
  icon: typeof IconTrophy;
  title: MessageId;
  text: MessageId;
}

const MEMBER_OPTIONS: CreateOption[] = [
  { id: 'challenge', icon: IconRocket, title: 'CREATE.MEMBER.CHALLENGE', text: 'CREATE.MEMBER.CHALLENGE_TEXT' },
  { id: 'payout', icon: IconTrophy, title: 'CREATE.MEMBER.PAYOUT', text: 'CREATE.MEMBER.PAYOUT_TEXT' },
];
const STAFF_OPTIONS: CreateOption[] = [
  { id: 'challenge', icon: IconTrophy, title: 'CREATE.STAFF.CHALLENGE', text: 'CREATE.STAFF.CHALLENGE_TEXT' },
  {
    id: 'user-challenge',
    icon: IconUserPlus,
    title: 'CREATE.STAFF.USER_CHALLENGE',
    text: 'CREATE.STAFF.USER_CHALLENGE_TEXT',
  },
  {
    id: 'certificate',
    icon: IconCertificate,
    title: 'CREATE.STAFF.CERTIFICATE',
    text: 'CREATE.STAFF.CERTIFICATE_TEXT',
  },
];

/** The toolbar's create dialog: what this role will be able to create. The actions arrive later. */
export function CreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const { t } = useT();
  const options = isMember(user) ? MEMBER_OPTIONS : STAFF_OPTIONS;
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
      <Text c="dimmed" size="sm" mb="md">
        {t('CREATE.DESC')}
      </Text>
      <Stack gap="sm">
        {options.map(({ id, icon: Icon, title, text }) => (
          <UnstyledButton
            key={id}
            disabled
            aria-disabled
            style={{ border: '1px solid var(--app-border)', borderRadius: 12, padding: 14, cursor: 'not-allowed' }}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={42} radius="md" variant="light" color="gray">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div style={{ flex: 1 }}>
                <Group gap="xs">
                  <Text fw={600}>{t(title)}</Text>
                  <Badge size="xs" variant="default">
                    {t('COMMON.COMING_SOON')}
                  </Badge>
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
