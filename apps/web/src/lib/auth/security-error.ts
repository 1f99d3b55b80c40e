import type { MessageId } from '../../i18n/messages';
import type { useT } from '../../i18n/use-t';

const CODES = ['INVALID_MFA_CODE', 'MFA_TOKEN_INVALID', 'MFA_STATE', 'MFA_ENROLMENT_REQUIRED', 'INVALID_EMAIL_TOKEN'];

/**
 * An error's text, the two-factor and email-change codes included: their texts live outside the
 * login route's first download (its size budget), with the screens that can meet them.
 */
export function securityErrorText(
  { t, tError }: Pick<ReturnType<typeof useT>, 't' | 'tError'>,
  error: unknown,
  fallback: MessageId,
): string {
  const code = (error as { code?: string } | undefined)?.code;
  return code && CODES.includes(code) ? t(`SECURITY.ERROR.${code}` as MessageId) : tError(error, fallback);
}
