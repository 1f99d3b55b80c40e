import type { PGlite, Transaction } from '@electric-sql/pglite';

export type Query = PGlite['query'];
export type Exec = PGlite['exec'];

/** A change to how statements are sent: each gets the method as it was (bound) and gives the new one. */
export interface StatementWrappers {
  query?: (query: Query) => Query;
  exec?: (exec: Exec) => Exec;
}

/**
 * Applies the wrappers to the client's `query` and `exec`, and to those of every transaction it
 * opens: a transaction's statements go through its own object, not the client's. Wrappers applied
 * later run first.
 */
export function wrapStatements(client: PGlite, wrap: StatementWrappers): void {
  const apply = (target: Pick<PGlite, 'query' | 'exec'>, source: Pick<PGlite, 'query' | 'exec'>) => {
    if (wrap.query) target.query = wrap.query(source.query.bind(source));
    if (wrap.exec) target.exec = wrap.exec(source.exec.bind(source));
  };
  apply(client, client);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const wrapped = Object.create(tx) as Transaction;
      apply(wrapped, tx);
      return callback(wrapped);
    });
}
