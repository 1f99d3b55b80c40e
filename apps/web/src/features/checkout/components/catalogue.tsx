import type { Challenge } from '@app/contracts/challenges';
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmptyPanel } from '../../../components/empty-panel';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useCatalogue } from '../api/list-catalogue';
import { groupCatalogue } from '../model/catalogue';
import { ChallengeCard } from './challenge-card';

/** "One-step", "Two-step", or "3-step" for longer evaluations. */
export function useModelName() {
  const { t } = useT();
  return (steps: number) =>
    steps === 1
      ? t('CHECKOUT.MODEL.ONE_STEP')
      : steps === 2
        ? t('CHECKOUT.MODEL.TWO_STEP')
        : t('CHECKOUT.MODEL.N_STEP', { steps });
}

/** The challenges on sale, by model and account size. */
export function Catalogue({ onChoose }: { onChoose: (c: Challenge) => void }) {
  const { t, tError } = useT();
  const format = useFormat();
  const modelName = useModelName();
  const query = useCatalogue();
  const groups = useMemo(() => groupCatalogue(query.data?.challenges ?? []), [query.data]);

  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="catalogue-loading" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={320} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <Paper withBorder p="lg" role="alert" style={{ borderColor: 'var(--app-border)' }}>
        <Stack align="center" gap="sm">
          <IconAlertTriangle size={28} aria-hidden />
          <Text fw={600}>{t('CHECKOUT.CATALOGUE.ERROR')}</Text>
          <Text size="sm" c="dimmed">
            {tError(query.error, 'LIST.ERROR.TEXT')}
          </Text>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            {t('LIST.RETRY')}
          </Button>
        </Stack>
      </Paper>
    );
  if (groups.length === 0)
    return (
      <EmptyPanel
        icon={<IconAlertTriangle size={28} aria-hidden />}
        title={t('CHECKOUT.CATALOGUE.EMPTY.TITLE')}
        description={t('CHECKOUT.CATALOGUE.EMPTY.TEXT')}
      />
    );

  return (
    <Stack gap={40}>
      {groups.map((group) => (
        <section key={group.steps} aria-labelledby={`model-${group.steps}`} data-testid="catalogue-model">
          <Title order={2} fz={22} mb={4} id={`model-${group.steps}`}>
            {modelName(group.steps)}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('CHECKOUT.MODEL.TEXT', { steps: group.steps })}
          </Text>
          {/* The model's sizes side by side, to compare; a size with several offers stacks them. */}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md" verticalSpacing="lg">
            {group.sizes.map((size) => (
              <div
                key={`${size.currency}:${size.accountSizeCents}`}
                data-testid="catalogue-size"
                // The cards fill the row's height, so the buttons of a row line up.
                style={{
                  display: 'grid',
                  gridAutoRows: '1fr',
                  gridTemplateRows: 'auto',
                  gap: 'var(--mantine-spacing-sm)',
                }}
              >
                <Title order={3} fz="md">
                  {t('CHECKOUT.CATALOGUE.SIZE', { size: format.money(size.accountSizeCents, size.currency) })}
                </Title>
                {size.challenges.map((c) => (
                  <ChallengeCard key={c.id} challenge={c} onChoose={onChoose} />
                ))}
              </div>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
