import { useCallback } from 'react';
import { useT } from '../../../i18n/use-t';
import { actionLabelId, targetTypeLabelId } from './audit-labels';

/** Actions and target types in the reader's language; an unknown one shows its identifier. */
export function useAuditLabels() {
  const { t } = useT();
  const action = useCallback(
    (id: string) => {
      const label = actionLabelId(id);
      return label ? t(label) : id;
    },
    [t],
  );
  const targetType = useCallback(
    (id: string) => {
      const label = targetTypeLabelId(id);
      return label ? t(label) : id;
    },
    [t],
  );
  return { action, targetType };
}
