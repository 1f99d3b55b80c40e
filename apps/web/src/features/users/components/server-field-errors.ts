import type { MessageId } from '../../../i18n/messages';

/** A refusal the server tied to a form field: which field, and the text to show there. */
export function fieldErrorOf(error: unknown): { field: string; messageId: MessageId } | null {
  const e = error as { code?: string; fields?: Record<string, string> } | undefined;
  const field = e?.fields ? Object.keys(e.fields)[0] : undefined;
  if (!field || !e) return null;
  if (e.code === 'EMAIL_TAKEN') return { field, messageId: 'ERROR.CODE.EMAIL_TAKEN' };
  if (e.code === 'ROLE_NOT_ALLOWED') return { field, messageId: 'USERS.ERROR.STAFF_ROLE' };
  const text = e.fields?.[field] ?? '';
  if (e.code === 'CONFLICT' && /no active ADMIN/.test(text)) return { field, messageId: 'USERS.ERROR.LAST_ADMIN' };
  if (e.code === 'CONFLICT' && /yourself/.test(text)) return { field, messageId: 'USERS.ERROR.SELF' };
  if (e.code === 'CONFLICT' && field === 'challengeId') return { field, messageId: 'ASSIGN.ERROR.ARCHIVED' };
  if (e.code === 'NOT_FOUND') return { field, messageId: 'USERS.ERROR.GONE' };
  return null;
}
