import type { AccountOverview, TradingAccount } from '@app/contracts/trading';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconConfetti } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { usePhaseLabel } from './labels';

/** A passed account: when, and what comes next (the next phase's account, or the funded one). */
export function PassedNext({
  overview: o,
  next,
  onOpen,
}: {
  overview: AccountOverview;
  next: TradingAccount | undefined;
  onOpen: (a: TradingAccount) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const phaseLabel = usePhaseLabel();
  const a = o.account;
  return (
    <Alert
      variant="light"
      color="teal"
      mb="lg"
      icon={<IconConfetti size={20} aria-hidden />}
      title={t('ACCOUNTS.PASSED.TITLE', { phase: phaseLabel(a) })}
      styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
      data-testid="passed-next"
    >
      {a.passedAt && <Text size="sm">{t('ACCOUNTS.PASSED.AT', { at: format.dateTime(a.passedAt) })}</Text>}
      {next ? (
        <Group gap="sm" mt="sm" wrap="wrap">
          <Text size="sm">
            {t(next.phaseKind === 'funded' ? 'ACCOUNTS.PASSED.NEXT_FUNDED' : 'ACCOUNTS.PASSED.NEXT_PHASE', {
              phase: phaseLabel(next),
              login: next.login,
            })}
          </Text>
          <Button
            size="xs"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            onClick={() => onOpen(next)}
            data-testid="passed-open-next"
          >
            {t('ACCOUNTS.PASSED.OPEN', { login: next.login })}
          </Button>
        </Group>
      ) : (
        <Text size="sm" mt="xs">
          {t(a.nextAccountId ? 'ACCOUNTS.PASSED.NEXT_UNKNOWN' : 'ACCOUNTS.PASSED.NEXT_PENDING')}
        </Text>
      )}
      <Text size="sm" mt="xs">
        <Anchor component={Link} to="/certificates" size="sm">
          {t('ACCOUNTS.PASSED.CERTIFICATE')}
        </Anchor>
      </Text>
    </Alert>
  );
}
