import type { AccountStatus, TradingAccount } from '@app/contracts/trading';
import { useCallback } from 'react';
import { RULE_LABELS } from '../../../components/status-labels';
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

export function useStatusLabel() {
  const { t } = useT();
  return useCallback((status: AccountStatus) => t(STATUS_IDS[status]), [t]);
}

export function useRuleLabel() {
  const { t } = useT();
  return useCallback((rule: string) => (RULE_LABELS[rule] ? t(RULE_LABELS[rule]) : rule), [t]);
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
