import type { NewsImpact } from '@app/contracts/news';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';

const COLORS: Record<NewsImpact, string> = { high: 'red', medium: 'orange', low: 'yellow', holiday: 'gray' };
const LABELS = {
  high: 'NEWS.IMPACT.HIGH',
  medium: 'NEWS.IMPACT.MEDIUM',
  low: 'NEWS.IMPACT.LOW',
  holiday: 'NEWS.IMPACT.HOLIDAY',
} as const;

/** The event's impact as a coloured dot and its word (dots keep the text at full contrast). */
export function ImpactBadge({ impact }: { impact: NewsImpact }) {
  const { t } = useT();
  return (
    <Badge variant="dot" color={COLORS[impact]} size="sm" data-testid={`impact-${impact}`}>
      {t(LABELS[impact])}
    </Badge>
  );
}

export const impactLabelId = (impact: NewsImpact) => LABELS[impact];

/** High impact: trading around it is flagged on funded accounts with the restricted-news rule. */
export function RestrictedMarker() {
  const { t } = useT();
  return (
    <Badge
      variant="filled"
      color="red.9"
      size="sm"
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      title={t('NEWS.RESTRICTED.HINT')}
      data-testid="restricted-marker"
    >
      {t('NEWS.RESTRICTED')}
    </Badge>
  );
}
