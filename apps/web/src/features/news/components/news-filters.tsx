import { NEWS_IMPACTS, type NewsImpact } from '@app/contracts/news';
import { Chip, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { NewsFilters } from '../model/filters';
import { impactLabelId } from './impact-badge';

/** Impact and currency chips; none chosen shows all. The currencies are the week's. */
export function NewsFiltersBar({
  filters,
  currencies,
  onChange,
}: {
  filters: NewsFilters;
  currencies: string[];
  onChange: (next: NewsFilters) => void;
}) {
  const { t } = useT();
  // A remembered currency stays choosable even in a week without it.
  const choices = [...new Set([...currencies, ...filters.currency])].filter((c) => c !== 'ALL').sort();
  return (
    <Stack gap="sm" data-testid="news-filters">
      <Group gap="xs" wrap="wrap" role="group" aria-labelledby="news-filter-impact">
        <Text size="sm" fw={600} id="news-filter-impact" w={90}>
          {t('NEWS.FILTER.IMPACT')}
        </Text>
        <Chip.Group
          multiple
          value={filters.impact}
          onChange={(v) => onChange({ ...filters, impact: v as NewsImpact[] })}
        >
          {NEWS_IMPACTS.map((i) => (
            <Chip key={i} value={i} size="xs" data-testid={`filter-impact-${i}`}>
              {t(impactLabelId(i))}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      {choices.length > 0 && (
        <Group gap="xs" wrap="wrap" role="group" aria-labelledby="news-filter-currency">
          <Text size="sm" fw={600} id="news-filter-currency" w={90}>
            {t('NEWS.FILTER.CURRENCY')}
          </Text>
          <Chip.Group multiple value={filters.currency} onChange={(v) => onChange({ ...filters, currency: v })}>
            {choices.map((c) => (
              <Chip key={c} value={c} size="xs" data-testid={`filter-currency-${c}`}>
                {c}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      )}
    </Stack>
  );
}
