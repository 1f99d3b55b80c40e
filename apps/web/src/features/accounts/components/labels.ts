import type { AccountStatus, TradingAccount } from '@app/contracts/trading';
import { useCallback } from 'react';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import { evaluationPhases } from '../model/account-labels';

const STATUS_IDS: Record<AccountStatus, MessageId> = {
  pending: 'ACCOUNTS.STATUS.PENDING',
  active: 'ACCOUNTS.STATUS.ACTIVE',
  passed: 'ACCOUNTS.STATUS.PASSED',
  failed: 'ACCOUNTS.STATUS.FAILED',
  closed: 'ACCOUNTS.STATUS.CLOSED',
};

export const RULE_IDS: Record<string, MessageId> = {
  daily_loss: 'ACCOUNTS.RULE.DAILY_LOSS',
  max_loss: 'ACCOUNTS.RULE.MAX_LOSS',
  time_limit: 'ACCOUNTS.RULE.TIME_LIMIT',
  max_daily_loss: 'ACCOUNTS.RULE.DAILY_LOSS',
  profit_target: 'ACCOUNTS.RULE.PROFIT_TARGET',
  min_trading_days: 'ACCOUNTS.RULE.MIN_TRADING_DAYS',
};

export function useStatusLabel() {
  const { t } = useT();
  return useCallback((status: AccountStatus) => t(STATUS_IDS[status]), [t]);
}

export function useRuleLabel() {
  const { t } = useT();
  return useCallback((rule: string) => (RULE_IDS[rule] ? t(RULE_IDS[rule]) : rule), [t]);
}

/** "Phase 1 of 2" or "Funded". */
export function usePhaseLabel() {
  const { t } = useT();
  return useCallback(
    (a: Pick<TradingAccount, 'evaluationPhaseCount' | 'phaseIndex' | 'phaseKind'>) =>
      a.phaseKind === 'funded'
        ? t('ACCOUNTS.PHASE.FUNDED')
        : t('ACCOUNTS.PHASE.N_OF', { n: a.phaseIndex + 1, total: evaluationPhases(a) }),
    [t],
  );
}
