import { Alert, Anchor, Button, Grid, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChallengeRules } from '../../../components/challenge-rules/challenge-rules';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  useActiveChallenges,
  useAssignChallenge,
  useMemberMatches,
  type AssignedAccount,
} from '../api/assign-challenge';
import { fieldErrorOf } from './server-field-errors';

const surface = { background: 'var(--app-surface)', borderColor: 'var(--app-border)' };

/**
 * Gives a member an account of a challenge at a chosen phase (ADMIN): pick the member by part of
 * their email or name, the challenge and the phase, read the rules the account will copy, create.
 */
export function AssignChallengeForm({ initialEmail }: { initialEmail: string }) {
  const { t, tError } = useT();
  const format = useFormat();
  const [search, setSearch] = useState(initialEmail);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const matches = useMemberMatches(debounced);
  const [member, setMember] = useState<{ id: string; email: string; label: string } | null>(null);
  const challenges = useActiveChallenges();
  const [challengeId, setChallengeId] = useState('');
  const [phase, setPhase] = useState(0);
  const assign = useAssignChallenge();
  const [created, setCreated] = useState<{ account: AssignedAccount; memberId: string } | null>(null);
  const [memberError, setMemberError] = useState<string | undefined>();

  // Arriving with ?email= (from a user's page): that member is chosen once the search finds them.
  useEffect(() => {
    const exact = matches.data?.items.find((u) => u.email === initialEmail.trim().toLowerCase());
    if (!member && exact)
      setMember({ id: exact.id, email: exact.email, label: `${exact.firstName} ${exact.lastName} · ${exact.email}` });
  }, [matches.data, initialEmail, member]);

  const challenge = challenges.data?.challenges.find((c) => c.id === challengeId);
  const memberOptions = (matches.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName} · ${u.email}`,
    email: u.email,
  }));
  let evaluation = 0;
  const phaseOptions = (challenge?.phases ?? []).map((p) => ({
    value: String(p.index),
    label: p.kind === 'funded' ? t('CHECKOUT.RULES.FUNDED') : t('CHECKOUT.RULES.PHASE', { n: (evaluation += 1) }),
  }));

  const submit = async () => {
    if (!member) {
      setMemberError(t('ASSIGN.CHOOSE_MEMBER'));
      return;
    }
    if (!challenge) return;
    try {
      const { account } = await assign.mutateAsync({ email: member.email, challengeId: challenge.id, phase });
      toastSuccess(t('ASSIGN.SUCCESS', { login: account.login, name: member.label }));
      setCreated({ account, memberId: member.id });
    } catch (error) {
      // The challenge archived meanwhile, say: the refusal names its field.
      const named = fieldErrorOf(error);
      toastError(named ? t(named.messageId) : tError(error, 'ASSIGN.FAILED'));
    }
  };

  if (created) {
    return (
      <Alert
        icon={<IconCircleCheck size={20} aria-hidden />}
        color="teal"
        title={t('ASSIGN.DONE.TITLE', { login: created.account.login })}
        data-testid="assign-done"
      >
        <Stack gap="xs">
          <Text size="sm">
            {t('ASSIGN.DONE.TEXT', { challenge: created.account.challengeName, name: member?.label ?? '' })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={`/users/${created.memberId}/trading-accounts`}>
              {t('ASSIGN.DONE.OPEN_ACCOUNTS')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setCreated(null);
                setMember(null);
                setSearch('');
              }}
            >
              {t('ASSIGN.DONE.ANOTHER')}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="assign-form"
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg" radius="md" style={surface}>
            <Stack gap="md">
              <Select
                label={t('ASSIGN.MEMBER')}
                description={t('ASSIGN.MEMBER_HINT')}
                placeholder={t('ASSIGN.MEMBER_PLACEHOLDER')}
                searchable
                required
                searchValue={search}
                onSearchChange={setSearch}
                data={memberOptions}
                value={member?.id ?? null}
                onChange={(value) => {
                  const option = memberOptions.find((o) => o.value === value);
                  setMember(option ? { id: option.value, email: option.email, label: option.label } : null);
                  setMemberError(undefined);
                }}
                filter={({ options }) => options}
                nothingFoundMessage={debounced.length >= 2 ? t('ASSIGN.NO_MEMBER') : t('ASSIGN.TYPE_MORE')}
                error={memberError}
                data-testid="assign-member"
              />
              <NativeSelect
                label={t('ASSIGN.CHALLENGE')}
                required
                value={challengeId}
                onChange={(e) => {
                  setChallengeId(e.currentTarget.value);
                  setPhase(0);
                }}
                data={[
                  { value: '', label: t('ASSIGN.CHALLENGE_PLACEHOLDER'), disabled: true },
                  ...(challenges.data?.challenges ?? []).map((c) => ({
                    value: c.id,
                    label: `${c.name} · ${format.money(c.accountSizeCents, c.currency)}`,
                  })),
                ]}
                error={challenges.isError ? tError(challenges.error, 'ASSIGN.CHALLENGES_FAILED') : undefined}
                data-testid="assign-challenge"
              />
              <NativeSelect
                label={t('ASSIGN.PHASE')}
                description={t('ASSIGN.PHASE_HINT')}
                value={String(phase)}
                disabled={!challenge}
                onChange={(e) => setPhase(Number(e.currentTarget.value))}
                data={phaseOptions.length > 0 ? phaseOptions : [{ value: '0', label: '—' }]}
                data-testid="assign-phase"
              />
              <Group justify="flex-end">
                <Button type="submit" disabled={!challenge} loading={assign.isPending} data-testid="assign-submit">
                  {t('ASSIGN.SUBMIT')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg" radius="md" style={surface} data-testid="assign-rules">
            <Title order={2} size="h4" mb="xs">
              {t('ASSIGN.RULES.TITLE')}
            </Title>
            {challenge ? (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('ASSIGN.RULES.TEXT', {
                    size: format.money(challenge.accountSizeCents, challenge.currency),
                    phase: phaseOptions[phase]?.label ?? '',
                  })}
                </Text>
                <ChallengeRules challenge={{ phases: challenge.phases.slice(phase) }} />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('ASSIGN.RULES.EMPTY')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}
