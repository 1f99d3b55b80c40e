import { Anchor, Group, List, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import type { Attention } from '../model/urgency';
import type { TradingAccount } from '@app/contracts/trading';
import classes from './accounts.module.css';

const TONE_COLOR = { danger: 'var(--acc-down)', warn: 'var(--acc-warn)', info: undefined } as const;

/** "What needs attention" above the cards: the account and what is close, each a way in. */
export function AttentionStrip({ items, onOpen }: { items: Attention[]; onOpen: (a: TradingAccount) => void }) {
  const { t, intl } = useT();
  const format = useFormat();
  if (items.length === 0) return null;
  const text = (item: Attention) => {
    switch (item.kind) {
      case 'daily':
        return t('ACCOUNTS.ATTENTION.DAILY', { amount: format.money(item.leftCents, item.currency) });
      case 'max':
        return t('ACCOUNTS.ATTENTION.MAX', { amount: format.money(item.leftCents, item.currency) });
      case 'deadline':
        return t('ACCOUNTS.ATTENTION.DEADLINE', { days: item.days });
      case 'days_needed':
        return t('ACCOUNTS.ATTENTION.DAYS_NEEDED', { days: item.days });
    }
  };
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      mb="lg"
      className={classes.attention}
      aria-labelledby="attention-title"
      data-testid="attention-strip"
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="orange" size="sm" radius="xl">
          <IconAlertTriangle size={14} aria-hidden />
        </ThemeIcon>
        <Text fw={700} size="sm" id="attention-title" component="h2">
          {t('ACCOUNTS.ATTENTION.TITLE')}
        </Text>
      </Group>
      <List spacing={4} size="sm" listStyleType="none">
        {items.map((item, i) => (
          <List.Item key={`${item.account.id}-${item.kind}-${i}`} data-testid="attention-item">
            {/* The account and what is close, joined by the language's own punctuation. */}
            {intl.formatMessage(
              { id: 'ACCOUNTS.ATTENTION.ITEM' satisfies MessageId },
              {
                account: (
                  <Anchor
                    component="button"
                    type="button"
                    fw={700}
                    size="sm"
                    onClick={() => onOpen(item.account)}
                    c="var(--mantine-color-anchor)"
                  >
                    {item.account.challengeName} · {item.account.login}
                  </Anchor>
                ),
                text: (
                  <Text span size="sm" fw={600} c={TONE_COLOR[item.tone]}>
                    {text(item)}
                  </Text>
                ),
              },
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
