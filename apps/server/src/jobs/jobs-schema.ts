import PgBoss from 'pg-boss';

/** The PostgreSQL schema holding the job tables (pg-boss's default name). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The SQL that creates the job tables, as `start()` runs it on a fresh database: for a test
 * template that is migrated once and cloned, so no test file pays for it.
 */
export function jobsSchemaSql(): string {
  return PgBoss.getConstructionPlans(JOBS_SCHEMA);
}
