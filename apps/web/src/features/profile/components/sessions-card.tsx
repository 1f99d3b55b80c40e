import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DeviceName } from '../../../components/device-name';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError } from '../../../lib/toast';
import { useRevokeSession, useSessions } from '../api/sessions';
import { SectionCard } from './section-card';

/** The person's active sessions: device, IP, place, signed in, last active; sign one or all others out. */
export function SessionsCard() {
  const { t, tError } = useT();
  const f = useFormat();
  const query = useSessions();
  const revoke = useRevokeSession();
  const items = query.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;

  const run = (id: string) =>
    revoke.mutate(id, { onError: (error) => toastError(tError(error, 'PROFILE.ERROR.GENERIC')) });

  return (
    <SectionCard title={t('PROFILE.SESSIONS.TITLE')} testId="profile-sessions">
      {query.isPending ? (
        <Stack gap="sm">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : query.isError ? (
        <Group justify="space-between">
          <Text c="red" size="sm" role="alert">
            {t('PROFILE.LOAD_ERROR')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            {t('PROFILE.RETRY')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((s) => {
            return (
              <Group
                component="li"
                key={s.id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid="session-row"
                style={{ borderBottom: '1px dashed var(--app-border)', paddingBottom: 8 }}
              >
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      <DeviceName userAgent={s.userAgent} />
                    </Text>
                    {s.current && (
                      <Badge size="sm" color="brand" variant="dot">
                        {t('PROFILE.SESSIONS.THIS_DEVICE')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[s.ip, s.place].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('PROFILE.SESSIONS.SIGNED_IN', { at: f.dateTime(s.createdAt) })} ·{' '}
                    {t('PROFILE.SESSIONS.LAST_ACTIVE', { at: f.dateTime(s.lastSeenAt) })}
                  </Text>
                </div>
                {!s.current && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={revoke.isPending && revoke.variables === s.id}
                    onClick={() => run(s.id)}
                  >
                    {t('PROFILE.SESSIONS.REVOKE')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {others > 0 && (
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            loading={revoke.isPending && revoke.variables === 'others'}
            onClick={() => run('others')}
          >
            {t('PROFILE.SESSIONS.REVOKE_OTHERS')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
