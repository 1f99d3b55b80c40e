import type { MessageId } from '../../../i18n/messages';
import type { OverrideAction } from '../api/staff-accounts';

/**
 * The text for an override the server refused because the account changed meanwhile (or has no
 * time limit), by the field the refusal names; null for anything else (the generic text then).
 */
export function overrideRefusalOf(action: OverrideAction, error: unknown): MessageId | null {
  const e = error as { code?: string; fields?: Record<string, string> } | undefined;
  const field = e?.fields ? Object.keys(e.fields)[0] : undefined;
  if (e?.code === 'NOT_FOUND') return 'USER_ACCOUNTS.ERROR.GONE';
  if (e?.code === 'CONFLICT' && field === 'userId') return 'USER_ACCOUNTS.ERROR.OWNER_ANONYMISED';
  if (e?.code === 'CONFLICT' && field === 'challengeId') return 'USER_ACCOUNTS.ERROR.CHALLENGE_GONE';
  if (e?.code === 'CONFLICT' && field === 'replacedById') return 'USER_ACCOUNTS.ERROR.ALREADY_RESET';
  if (e?.code === 'CONFLICT' && field === 'status') {
    if (action === 'reinstate') return 'USER_ACCOUNTS.ERROR.NOT_FAILED';
    if (action === 'reset') return 'USER_ACCOUNTS.ERROR.RESET_PASSED';
    return action === 'extend' ? 'USER_ACCOUNTS.ERROR.NOT_OPEN' : 'USER_ACCOUNTS.ERROR.ALREADY_ENDED';
  }
  if (e?.code === 'CONFLICT' && (field === 'days' || field === 'extendDays'))
    return 'USER_ACCOUNTS.ERROR.NO_TIME_LIMIT';
  if (e?.code === 'VALIDATION_ERROR' && field === 'extendDays') return 'USER_ACCOUNTS.ERROR.NEEDS_DAYS';
  return null;
}
