import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { pgCode } from './pg-errors.ts';

/** The parts of drizzle's session this needs (public on every database and transaction object). */
interface Session {
  client: unknown;
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: false,
  ): { execute(): Promise<unknown> };
}

/** A value `EXECUTE` can take as a literal. */
type Literal = string | number | boolean | null;

/** The statements each embedded database has prepared, by name (they last as long as it is open). */
const preparedOn = new WeakMap<PGlite, Map<string, string>>();

/**
 * Runs a hot path's statement prepared once, then executed by name: for a statement with joins and
 * sub-selects the planning took several times longer than the run (decision 026).
 *
 * - PostgreSQL: a named protocol-level statement. Each pooled connection parses it once and, once
 *   the server settles on a generic plan (after five runs), stops planning it.
 * - PGlite (one connection): SQL `PREPARE` once, then `EXECUTE name(literals)`, since the
 *   protocol-level names are not available through its API. Inside a transaction it runs as a
 *   plain statement (a failed `PREPARE` there would abort the transaction).
 *
 * `name` must be unique per statement text. Parameters must be strings, numbers, booleans or null;
 * type them in the text where the context does not (`$1::text`).
 */
export async function executeNamed<Row>(db: Db | Tx, name: string, query: SQL): Promise<Row[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`executeNamed: ${name} is not a plain identifier`);
  const session = (db as unknown as { session: Session }).session;
  const { sql, params } = session.dialect.sqlToQuery(query);
  if (session.client instanceof PGlite) return executePrepared<Row>(session.client, name, sql, params as Literal[]);
  // node-postgres (pool or transaction client) names it; a PGlite transaction ignores the name.
  const prepared = session.prepareQuery({ sql, params }, undefined, name, false);
  return ((await prepared.execute()) as { rows: Row[] }).rows;
}

async function executePrepared<Row>(client: PGlite, name: string, text: string, params: Literal[]): Promise<Row[]> {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Map()));
  const known = names.get(name);
  if (known !== undefined && known !== text) {
    throw new Error(`executeNamed: ${name} names two different statements`);
  }
  if (known === undefined) {
    try {
      await client.exec(`prepare ${name} as ${text}`);
    } catch (error) {
      if (pgCode(error) !== '42P05') throw error;
      // Prepared under this name by someone else on this database: its text is unknown, so again.
      await client.exec(`deallocate ${name}`);
      await client.exec(`prepare ${name} as ${text}`);
    }
    names.set(name, text);
  }
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  return (await client.query<Row>(`execute ${name}${args}`)).rows;
}

/** A parameter as an SQL literal: an escape string, so it holds whatever standard_conforming_strings says. */
function literal(value: Literal): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('executeNamed: a number parameter must be finite');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') throw new TypeError('executeNamed: parameters are strings, numbers, booleans or null');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
