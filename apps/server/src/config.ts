import { MAX_CONNECTOR_KEY_GRACE_MINUTES } from '@app/contracts/trading';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url();

/** Every setting the server reads, with its default. `.env.example` documents the same list. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_DATA: bool.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /**
   * How long a verified session may be served from memory before the database is asked again.
   * Revocations reach every instance at once through NOTIFY; this bounds a missed notification.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /**
   * Minutes the clock's verdicts wait after their instant (the midnight check without an event, the
   * time limit) so that events stamped before it that arrive late still count.
   */
  VERDICT_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  TRADING_DAY_TZ: z
    .string()
    .default('Europe/Prague')
    .refine((tz) => isTimeZone(tz), 'must be an IANA time zone such as Europe/Prague'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Funding Platform <no-reply@localhost>'),
  PUBLIC_URL: url.optional(),
  FAQ_URL: url.default('https://help.example.com/faq'),
  START_CHALLENGE_URL: url.default('https://example.com/challenges'),
  GEOLOCATION_URL: url.default('https://ipapi.co/json/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Auth rate limits: attempts per window, per IP and per account from one IP. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Failed logins on one account, from any addresses, before its back-off starts: then each further
   * attempt waits 1 s, 2 s, 4 s … (at most RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS) after the last
   * failure, answered 429 with Retry-After. Failures are forgotten after a window without one.
   */
  RATE_LIMIT_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Where the client address comes from. Off (default): the connection's address; X-Forwarded-For
   * is ignored, so no client can choose the address the throttles count. Behind a load balancer:
   * `true` (one proxy in front: the address it appended, the header's last), the number of proxies
   * in front, or the proxies' addresses or CIDRs separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxies, or addresses/CIDRs' });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Password hashes computed at once (in a low-priority process); the rest queue. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** After a connector key rotation, how long the old key keeps working (up to 7 days). */
  CONNECTOR_KEY_GRACE_MINUTES: z.coerce.number().int().min(0).max(MAX_CONNECTOR_KEY_GRACE_MINUTES).default(1440),
});

export type Config = z.infer<typeof configSchema> & {
  demoData: boolean;
  publicUrl: string;
};

/** false, a number of trusted proxy hops, or the trusted proxies' addresses (Fastify's trustProxy). */
export type TrustProxy = false | number | string[];

function parseTrustProxy(raw: string): TrustProxy | undefined {
  const v = raw.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^[1-9][0-9]?$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim());
  const isAddress = (s: string) => {
    const [ip, bits, extra] = s.split('/');
    if (extra !== undefined || !ip || isIP(ip) === 0) return false;
    return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
  };
  return list.length && list.every(isAddress) ? list : undefined;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws an error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    // Demo data only on the embedded database unless asked for explicitly.
    demoData: c.DEMO_DATA ?? !c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`,
  };
}
