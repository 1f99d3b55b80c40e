import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Message prefixes the auth screens need; the rest loads with the first signed-in or other page. */
export const CORE_MESSAGE_PREFIXES = [
  'AUTH.',
  'VALIDATION.',
  'ERROR.CODE.',
  'FOOTER.',
  'LANGUAGE.',
  'THEME.',
  'COMMON.',
  'SESSION.',
];

/**
 * The i18n message files:
 * - compiled to ICU syntax trees at build time, so the browser needs no message parser
 *   (react-intl's documented "no-parser" setup);
 * - `messages/xx.json?core` gives only the auth screens' messages, keeping the login route small.
 */
export function i18nMessages(): Plugin {
  return {
    name: 'i18n-messages',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json(\?core)?$/.exec(id);
      if (!match) return;
      let messages = JSON.parse(code) as Record<string, string>;
      if (match[1]) {
        messages = Object.fromEntries(
          Object.entries(messages).filter(([k]) => CORE_MESSAGE_PREFIXES.some((p) => k.startsWith(p))),
        );
      }
      const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, parse(v)]));
      // Plain files stay JSON for Vite's JSON plugin; the ?core subset is not a JSON request.
      const json = JSON.stringify(compiled);
      return { code: match[1] ? `export default ${json};` : json, map: null };
    },
  };
}
