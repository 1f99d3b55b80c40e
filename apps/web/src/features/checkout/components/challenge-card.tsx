import type { Challenge } from '@app/contracts/challenges';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { ChallengeRules } from '../../../components/challenge-rules/challenge-rules';

/** One offer: its name, price and rules, and the button that opens the checkout. */
export function ChallengeCard({ challenge, onChoose }: { challenge: Challenge; onChoose: (c: Challenge) => void }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Card
      withBorder
      padding="lg"
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      data-testid="challenge-card"
      data-challenge={challenge.slug}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={4} fz="lg">
              {challenge.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('CHECKOUT.CARD.SIZE', { size: format.money(challenge.accountSizeCents, challenge.currency) })}
            </Text>
          </div>
          <Text fw={800} fz="xl" data-testid="challenge-price" style={{ whiteSpace: 'nowrap' }}>
            {format.money(challenge.priceCents, challenge.currency)}
          </Text>
        </Group>
        {challenge.description && (
          <Text size="sm" c="dimmed">
            {challenge.description}
          </Text>
        )}
        <ChallengeRules challenge={challenge} />
        <Button
          mt="auto"
          leftSection={<IconShoppingCart size={16} aria-hidden />}
          onClick={() => onChoose(challenge)}
          aria-label={t('CHECKOUT.CARD.CHOOSE_LABEL', { name: challenge.name })}
          data-testid="challenge-choose"
        >
          {t('CHECKOUT.CARD.CHOOSE')}
        </Button>
      </Stack>
    </Card>
  );
}
