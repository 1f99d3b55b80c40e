import { types, type PGlite } from '@electric-sql/pglite';
import { wrapStatements, type Query } from './pglite-statements.ts';

/**
 * The types drizzle reads as PostgreSQL's own text (the parsers its PGlite driver passes with every
 * statement): date, time stamps with and without zone, interval, their arrays, and numeric[].
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const PROBE = '2026-01-01 00:00:00+00';

type Parsers = NonNullable<NonNullable<Parameters<Query>[2]>['parsers']>;

/**
 * drizzle passes its parsers (text for the types above) with every statement, and PGlite answers
 * per-statement parsers by copying its whole table of ~320 into a new object to merge them in:
 * ~80 KB of garbage per statement, half of all a sign-in allocated on the embedded database
 * (decision 035). The instance now answers those types as text itself, as drizzle asks,
 * and per-statement parsers that would change nothing (text asked where text is given) are dropped
 * before PGlite sees them. Raw statements (the job runner's, migrations') get text for these types
 * too; none of them reads one as a Date.
 */
export function answerDatesAsText(client: PGlite): void {
  for (const oid of TEXT_TYPES) client.parsers[oid] = asText;
  const changesNothing = (parsers: Parsers) =>
    Object.entries(parsers).every(([oid, parse]) => client.parsers[oid] === asText && parse(PROBE, +oid) === PROBE);
  const dropping =
    (query: Query): Query =>
    (text, params, options) =>
      query(
        text,
        params,
        options?.parsers && changesNothing(options.parsers) ? { ...options, parsers: undefined } : options,
      );
  wrapStatements(client, { query: dropping });
}
