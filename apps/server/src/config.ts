import { COUNTRY_CODES, PAYMENT_PROVIDERS, type PaymentProvider } from '@app/contracts/commerce';
import { MAX_CONNECTOR_KEY_GRACE_MINUTES } from '@app/contracts/trading';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url();
/** Where a link of the web app may lead: a path of the app itself, or an http(s) page. */
const link = z
  .string()
  .refine(
    (v) => /^\/(?!\/)/.test(v) || z.url({ protocol: /^https?$/ }).safeParse(v).success,
    'must be an http(s) URL or a path starting with /',
  );

/** Every setting the server reads, with its default. `.env.example` documents the same list. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Prometheus metrics at GET /metrics on this port (0: any free one); unset, none are kept. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DEMO_DATA: bool.optional(),
  /** Staff enrol in two-factor sign-in before reaching the admin area; default on outside demo mode. */
  STAFF_MFA_REQUIRED: bool.optional(),
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
  /** Deliveries tried, with the delivery job's back-off between them, before a mail is given up on. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  PUBLIC_URL: url.optional(),
  FAQ_URL: url.default('https://help.example.com/faq'),
  /** The Start Challenge button's target: the app's own catalogue, or a page elsewhere. */
  START_CHALLENGE_URL: link.default('/start-challenge'),
  GEOLOCATION_URL: url.default('https://ipapi.co/json/'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Auth rate limits: attempts per window, per IP and per account from one IP. */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Public certificate verifications per address per window (against guessing codes). */
  RATE_LIMIT_VERIFY_PER_IP: z.coerce.number().int().min(1).default(120),
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
  /**
   * Sign-ins worked on at once, and, without a CPU share cap, password hashes computed at once (in
   * the low-priority hashing process; a capped one takes one at a time). The rest queue.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * `low` (default): hashing only takes the CPU request handling leaves over. `normal`: where
   * other programs share the machine and would starve it (test runs).
   */
  PASSWORD_HASH_PRIORITY: z.enum(['low', 'normal']).default('low'),
  /**
   * The share of one core password hashing may take under a login flood (0.05–1; 1: no cap): a
   * flood then gets that many sign-ins per second and the rest queue (decision 041).
   */
  PASSWORD_HASH_CPU_SHARE: z.coerce.number().min(0.05).max(1).default(0.5),
  /** After a connector key rotation, how long the old key keeps working (up to 7 days). */
  CONNECTOR_KEY_GRACE_MINUTES: z.coerce.number().int().min(0).max(MAX_CONNECTOR_KEY_GRACE_MINUTES).default(1440),

  // Commerce. Secrets (the Stripe keys) are read here only: never stored, logged or answered.
  /** Payment methods the checkout offers, comma-separated (default: demo,manual in demo mode, else manual). */
  PAYMENT_PROVIDERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const names = [...new Set(v.split(',').map((s) => s.trim().toLowerCase()))].filter(Boolean);
      const unknown = names.filter((n) => !(PAYMENT_PROVIDERS as readonly string[]).includes(n));
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must list some of ${PAYMENT_PROVIDERS.join(', ')}` });
        return z.NEVER;
      }
      return names as PaymentProvider[];
    }),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API address (tests point the real client at a local server). */
  STRIPE_API_URL: url.optional(),
  // The seller invoices name: required outside demo mode (a demo firm is filled in only in demo
  // mode; see loadConfig), so no firm issues invoices in another's name by leaving them out.
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  /** Address lines separated by `|`. */
  SELLER_ADDRESS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ?.split('|')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  SELLER_COUNTRY: z.enum(COUNTRY_CODES).optional(),
  /** The currency the firm reports in (the dashboard's figures); orders in others are left out of them. */
  FIRM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default('USD'),
  SELLER_VAT_ID: z.string().trim().max(20).default(''),
  BANK_BENEFICIARY: z.string().trim().max(200).optional(),
  // Where buyers paying by bank transfer send their money: required outside demo mode whenever the
  // manual provider is on (a demo account is filled in only in demo mode; see loadConfig).
  BANK_IBAN: z
    .string()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/, 'must be an IBAN'))
    .optional(),
  BANK_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC')
    .optional(),
  BANK_NAME: z.string().trim().min(1).max(200).optional(),
  /** VAT per buyer country in percent, e.g. `CZ:21,DE:19`; none by default. */
  VAT_RATES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const rates = new Map<string, number>();
      for (const part of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const m = /^([A-Z]{2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(part);
        if (!m || !(COUNTRY_CODES as readonly string[]).includes(m[1]!)) {
          ctx.addIssue({ code: 'custom', message: `"${part}": write COUNTRY:PERCENT, e.g. CZ:21,DE:19` });
          return z.NEVER;
        }
        rates.set(m[1]!, Math.round(Number(m[2]) * 100));
      }
      return rates as ReadonlyMap<string, number>;
    }),
  TERMS_URL: link.default('/legal'),
  /** The economic calendar feed (the weekly JSON calendar, or its CSV when the URL ends in .csv); none by default. */
  NEWS_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long an instance keeps a week's calendar answer (writes clear it everywhere at once); 0 = never. */
  NEWS_WEEK_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** When the feed is fetched (cron, UTC): every 30 minutes by default. */
  NEWS_FEED_CRON: z
    .string()
    .regex(/^\S+( \S+){4,5}$/, 'must be a cron expression of 5 or 6 fields')
    .default('*/30 * * * *'),
});

/**
 * The demo mode's firm: the seller on its invoices and the bank account for manual orders; never
 * used outside demo mode (a server that is not a demo names its own, or does not start).
 */
export const DEMO_FIRM = {
  SELLER_NAME: 'Funding Platform s.r.o.',
  SELLER_ADDRESS: 'Václavské náměstí 1|110 00 Praha 1',
  SELLER_COUNTRY: 'CZ',
  BANK_IBAN: 'CZ6508000000192000145399',
  BANK_BIC: 'GIBACZPX',
  BANK_NAME: 'Česká spořitelna',
} as const;

export type Config = Omit<
  z.infer<typeof configSchema>,
  'BANK_IBAN' | 'BANK_BIC' | 'BANK_NAME' | 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_COUNTRY'
> & {
  SELLER_NAME: string;
  SELLER_ADDRESS: string[];
  SELLER_COUNTRY: (typeof COUNTRY_CODES)[number];
  BANK_IBAN: string;
  BANK_BIC: string;
  BANK_NAME: string;
  demoData: boolean;
  /** STAFF_MFA_REQUIRED, or its default: on unless in demo mode. */
  staffMfaRequired: boolean;
  publicUrl: string;
  /** The payment methods enabled (PAYMENT_PROVIDERS or its default). */
  paymentProviders: PaymentProvider[];
  /** The account holder bank transfers go to (BANK_BENEFICIARY, else SELLER_NAME). */
  BANK_BENEFICIARY: string;
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
  // Demo data only on the embedded database unless asked for explicitly.
  const demoData = c.DEMO_DATA ?? !c.DATABASE_URL;
  const paymentProviders = c.PAYMENT_PROVIDERS ?? (demoData ? ['demo', 'manual'] : ['manual']);
  const problems: string[] = [];
  // The demo provider pays without money: never on a server that is not a demo.
  if (paymentProviders.includes('demo') && !demoData)
    problems.push('  PAYMENT_PROVIDERS: demo pays without money and is only allowed in demo mode (DEMO_DATA)');
  if (paymentProviders.includes('stripe') && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET))
    problems.push('  PAYMENT_PROVIDERS: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const sellerUnset = (['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_COUNTRY'] as const).filter((k) => c[k] === undefined);
  if (!demoData && sellerUnset.length)
    problems.push(`  ${sellerUnset.join(', ')}: invoices name the seller; outside demo mode there is no default`);
  if (c.SELLER_ADDRESS?.length === 0) problems.push('  SELLER_ADDRESS: at least one address line');
  // Pending manual orders show buyers this account: a demo one would send their money elsewhere.
  const bankUnset = (['BANK_IBAN', 'BANK_BIC', 'BANK_NAME'] as const).filter((k) => !c[k]);
  if (!demoData && paymentProviders.includes('manual') && bankUnset.length)
    problems.push(
      `  ${bankUnset.join(', ')}: bank transfers (PAYMENT_PROVIDERS manual) need the firm's account; outside demo mode there is no default`,
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const sellerName = c.SELLER_NAME ?? DEMO_FIRM.SELLER_NAME;
  return {
    ...c,
    demoData,
    staffMfaRequired: c.STAFF_MFA_REQUIRED ?? !demoData,
    paymentProviders,
    SELLER_NAME: sellerName,
    SELLER_ADDRESS: c.SELLER_ADDRESS ?? DEMO_FIRM.SELLER_ADDRESS.split('|'),
    SELLER_COUNTRY: c.SELLER_COUNTRY ?? DEMO_FIRM.SELLER_COUNTRY,
    BANK_BENEFICIARY: c.BANK_BENEFICIARY ?? sellerName,
    BANK_IBAN: c.BANK_IBAN ?? DEMO_FIRM.BANK_IBAN,
    BANK_BIC: c.BANK_BIC ?? DEMO_FIRM.BANK_BIC,
    BANK_NAME: c.BANK_NAME ?? DEMO_FIRM.BANK_NAME,
    publicUrl: c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`,
  };
}
