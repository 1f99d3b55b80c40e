import type { JobsLog } from './jobs-log.ts';
import { createExecutor, type JobsDatabase } from './pg-boss-executor.ts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps what it is told, for assertions. */
export function recordingLog(): { log: JobsLog; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (fields: unknown, msg?: unknown) => {
    entries.push({ level, msg: String(msg ?? ''), fields: typeof fields === 'object' && fields ? { ...fields } : {} });
  };
  return { log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, entries };
}

/** Resolves once `check` holds; fails the test after `ms`. */
export async function until(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A promise and its resolve function, to hold a handler until the test lets it go. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The stored state of a job ('created', 'retry', 'active', 'completed', 'failed'), or null. */
export async function jobState(database: JobsDatabase, queue: string, id: string): Promise<string | null> {
  const { rows } = await createExecutor(database).executeSql(
    'select state from pgboss.job where name = $1 and id = $2',
    [queue, id],
  );
  const row = rows[0] as { state: string } | undefined;
  return row?.state ?? null;
}

let counter = 0;
/** A queue name no other test of the file uses. */
export const uniqueQueue = (tag: string): string => `${tag}-${process.pid}-${++counter}`;
