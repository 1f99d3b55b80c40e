import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../lib/api-client';
import { englishMessages, plainText, type MessageId } from './messages';

type Values = Record<string, string | number | Date>;
export type Translate = (id: MessageId, values?: Values) => string;

/** Messages whose English is a server's or the contracts' exact text (see `validationMessageId`). */
const BY_ENGLISH_PREFIXES = ['VALIDATION.', 'ERROR.CODE.', 'SESSION.REASON.'];

/**
 * Message id by its English text: how the contracts' exact English messages get translated, the
 * reasons a session ended (stored from the server's answer, SPEC §4) among them.
 */
const idByEnglish = new Map<string, MessageId>(
  Object.entries(englishMessages)
    .filter(([id]) => BY_ENGLISH_PREFIXES.some((prefix) => id.startsWith(prefix)))
    .flatMap(([id, message]) => {
      const text = plainText(message);
      return text === undefined ? [] : [[text, id as MessageId] as const];
    }),
);

export function validationMessageId(message: string | undefined): MessageId | undefined {
  return message === undefined ? undefined : idByEnglish.get(message);
}

export function useT() {
  const intl = useIntl();
  const t: Translate = useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);

  /** A zod/contracts message in the current language (English text stays if unknown). */
  const tValidation = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const id = validationMessageId(message);
      return id ? intl.formatMessage({ id }) : message;
    },
    [intl],
  );

  /**
   * A server error for the user: the translated text for its code, else the server's message,
   * else the given fallback (SPEC §8).
   */
  const tError = useCallback(
    (error: unknown, fallback: MessageId) => {
      const e = error as Partial<ApiError> | undefined;
      const codeId = e?.code ? (`ERROR.CODE.${e.code}` as MessageId) : undefined;
      if (codeId && codeId in englishMessages) return intl.formatMessage({ id: codeId });
      if (e?.serverMessage) return e.serverMessage;
      return intl.formatMessage({ id: fallback });
    },
    [intl],
  );

  return { t, tValidation, tError, intl };
}
