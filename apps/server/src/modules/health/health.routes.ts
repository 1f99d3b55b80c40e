import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { appliedMigrationCount, migrationsFolder } from '../../db/migrate.ts';

const expectedMigrations = (): number => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
};

export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const expected = expectedMigrations();

  // Liveness: the process answers. Never touches the database.
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Readiness: the database answers and every committed migration is applied.
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      const applied = await appliedMigrationCount(deps.database);
      if (applied < expected) {
        return reply.code(503).send({ status: 'migrating', applied, expected });
      }
      return { status: 'ready', applied, expected };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
