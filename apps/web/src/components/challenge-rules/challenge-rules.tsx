import type { Challenge } from '@app/contracts/challenges';
import { List, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format/use-format';
import { phaseRules } from './rule-lines';

/** Every phase's rules in plain words, in order. */
export function ChallengeRules({ challenge }: { challenge: Pick<Challenge, 'phases'> }) {
  const { t } = useT();
  const format = useFormat();
  let evaluation = 0;
  return (
    <Stack gap="xs" data-testid="challenge-rules">
      {challenge.phases.map((phase) => {
        if (phase.kind === 'evaluation') evaluation += 1;
        const rules = phaseRules(phase, evaluation, format.percentBps);
        return (
          <div key={phase.index}>
            <Text size="sm" fw={700}>
              {t(rules.title.id, rules.title.values)}
            </Text>
            <List size="sm" spacing={2} c="dimmed">
              {rules.lines.map((line) => (
                <List.Item key={line.id}>{t(line.id, line.values)}</List.Item>
              ))}
            </List>
          </div>
        );
      })}
    </Stack>
  );
}
