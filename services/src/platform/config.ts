import { z } from 'zod';
import { join, resolve } from 'node:path';
import { isIP } from 'node:net';
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_TIME_ZONE } from '@cafe/contracts';
import { REPOSITORY_DIR } from './package-paths.js';

/** Empty means unset: compose passes `${NAME:-}` through as an empty string when .env sets nothing. */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const millis = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

/** Every variable is listed, with its meaning, in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  STORE: z.enum(['embedded', 'eventstoredb']).default('embedded'),
  EVENTSTORE_URL: z.string().optional(),
  MONGODB_URL: z.string().optional(),
  MONGODB_DB: z.string().default('cafe'),
  BUSINESS_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'BUSINESS_TIME_ZONE must be an IANA time zone such as America/Chicago'),
  // Empty means unset: the compose dev override blanks an issuer a .env file may set.
  OIDC_ISSUER: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  DEV_OIDC_HOST: z.string().default('127.0.0.1'),
  DEV_OIDC_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ADMIN_EMAILS: z.string().default(''),
  SESSION_SECRET: z.string().min(32).optional(),
  GUEST_LINK_SECRET: z.string().min(32, 'GUEST_LINK_SECRET must be at least 32 characters').optional(),
  REMINDER_TIME: z
    .string()
    .default('10:00')
    .refine((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t), 'REMINDER_TIME must be a café-local time of day HH:mm, such as 10:00'),
  GUEST_DATA_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'GUEST_DATA_SECRET must be at least 32 characters').optional(),
  ),
  SMTP_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
  MAIL_TRANSPORT: z.preprocess(unsetIfEmpty, z.enum(['smtp', 'outbox']).optional()),
  MAIL_FROM: z.string().default('Meeple Haven Café <hello@meeplehavencafe.com>'),
  // Guests' text messages (guest-messages/): a provider's HTTP API, its bearer token and the sending number.
  SMS_API_URL: z.preprocess(
    unsetIfEmpty,
    z.string().url('SMS_API_URL must be a URL such as https://sms.example.com/v1/messages').optional(),
  ),
  SMS_API_TOKEN: z.preprocess(unsetIfEmpty, z.string().optional()),
  SMS_FROM: z.preprocess(unsetIfEmpty, z.string().optional()),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(30),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().default(''),
  HTTP_HEADERS_TIMEOUT_MS: millis(10_000).refine((ms) => ms <= 30_000, 'HTTP_HEADERS_TIMEOUT_MS must be at most 30000'),
  HTTP_REQUEST_TIMEOUT_MS: millis(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(5_000),
  HTTP_CONNECTION_TIMEOUT_MS: millis(120_000),
  HTTP_CONNECTION_CHECK_MS: millis(2_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(5_000),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_BOOKING_HORIZON_DAYS),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  READYZ_MAX_LAG: z.coerce.number().int().min(0).default(1000),
  READYZ_MIN_FREE_MB: z.coerce.number().int().min(0).default(100),
  PROJECTOR_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Development with the real servers (NODE_ENV=development set, as docker-compose.dev.yml does) and no
 * GUEST_DATA_SECRET: a fixed one, so the gateway, projector and ops agree. With NODE_ENV unset the
 * loader refuses instead, so ops on the host never files keys under another deployment's hashes.
 */
export const DEVELOPMENT_GUEST_DATA_SECRET = 'development-only-guest-data-secret-not-for-production';

const GUEST_DATA_SECRET_NEEDED =
  'Invalid configuration: STORE=eventstoredb needs GUEST_DATA_SECRET, the one the gateway and the projector use ' +
  "(the deployment's .env), or forget finds no guest; NODE_ENV=development uses the development servers' fixed secret";

/** What a production start refuses to go without. */
export const PRODUCTION_REQUIRED = ['SESSION_SECRET', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'GUEST_LINK_SECRET'] as const;

/** What a production start needs to mail guests, unless MAIL_TRANSPORT=outbox says files are meant. */
export const MAIL_REQUIRED = ['SMTP_URL', 'PUBLIC_URL'] as const;

/** The one line a production start without them stops with. */
export const mailNeeded = (missing: readonly (typeof MAIL_REQUIRED)[number][]) =>
  `Invalid configuration: NODE_ENV=production needs ${missing.join(', ')} (SMTP_URL: the server guests' mail goes out by; ` +
  "PUBLIC_URL: the site's address, in every link mailed), or MAIL_TRANSPORT=outbox to keep each mail as a file in DATA_DIR/outbox";

export interface Config {
  env: string;
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  store: 'embedded' | 'eventstoredb';
  eventStoreUrl?: string;
  mongoUrl?: string;
  mongoDb: string;
  zone: string;
  /** `dev` marks the local development provider (services/src/dev-oidc), started when OIDC_ISSUER is unset. */
  oidc: { issuer?: string; clientId?: string; clientSecret?: string; dev?: boolean };
  /** Where the local development provider listens (development only): loopback and any port unless set. */
  devOidc: { host: string; port: number };
  adminEmails: string[];
  sessionSecret?: string;
  /** Signs the guests' booking links (HMAC); generated and kept in DATA_DIR in development, required in production. */
  guestLinkSecret?: string;
  /** Café-local time of day (HH:mm) when the day-before reminders go out. */
  reminderTime: string;
  /** Keys the hash that files each guest's data key under their e-mail (see platform/personal-data). */
  guestDataSecret?: string;
  /** Set only when mail goes out by SMTP (MAIL_TRANSPORT=outbox drops it: every mail a file in DATA_DIR/outbox). */
  smtpUrl?: string;
  /** How guests' mail leaves: SMTP_URL, or files in DATA_DIR/outbox (development, or MAIL_TRANSPORT=outbox). */
  mailTransport: 'smtp' | 'outbox';
  mailFrom: string;
  /** Texts to guests through a provider's HTTP API; unset: every guest message goes by mail. */
  sms?: SmsConfig;
  rateLimitMax: number;
  uploadMaxBytes: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  seedDemo: boolean;
  /** Which hops' X-Forwarded-For to believe: none (false), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  http: HttpLimits;
  /** How many days ahead a booking may be made (café-local today + this many days is the last). */
  bookingHorizonDays: number;
  /** A bearer token that opens /metrics to callers other than loopback ones. */
  metricsToken?: string;
  /** /readyz answers 503 while a projection is more than this many positions behind the head of $all. */
  readyzMaxLag: number;
  /** /readyz answers 503 while the disk holding DATA_DIR has less free (0: never). */
  readyzMinFreeMb: number;
  /** The projector process's own /healthz, /readyz and /metrics (STORE=eventstoredb). */
  projectorPort: number;
}

/** SMS_API_URL, SMS_API_TOKEN (sent as a bearer token, never logged) and SMS_FROM (the sending number or name). */
export interface SmsConfig {
  url: string;
  token: string;
  from: string;
}

/** SMS is all three variables or none: a half-set provider would fail every text at the first guest. */
export const SMS_INCOMPLETE = 'Invalid configuration: SMS_API_URL needs SMS_API_TOKEN and SMS_FROM (or unset all three: guests are mailed)';

/** Timeouts and the connection cap of the listening server; a slow client cannot hold a connection for long. */
export interface HttpLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
  /** How often Node checks the header and request timeouts of open connections. */
  connectionCheckMs: number;
  maxConnections: number;
}

/**
 * TRUST_PROXY: unset, 'false' or '0' trusts no proxy (the socket's address is the client); a number
 * trusts that many hops; otherwise a comma-separated list of proxy addresses or CIDR ranges. 'true'
 * (every hop) is refused: it lets any client choose its address with X-Forwarded-For.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!version || !bitsOk || rest.length > 0) {
      throw new Error(
        `Invalid configuration:\n  TRUST_PROXY: '${entry}' is not a hop count, an IP address or a CIDR range (leave it unset to trust no proxy)`,
      );
    }
  }
  return entries;
}

/** ADMIN_EMAILS: comma-separated addresses; one that is not an address stops start-up, named. */
export function parseAdminEmails(value: string): string[] {
  const emails = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.filter((email) => !z.email().max(254).safeParse(email).success);
  if (bad.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ADMIN_EMAILS: ${bad.map((b) => `'${b}'`).join(', ')} ${bad.length > 1 ? 'are not e-mail addresses' : 'is not an e-mail address'}`,
    );
  }
  return emails;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.STORE === 'eventstoredb' && (!e.EVENTSTORE_URL || !e.MONGODB_URL)) {
    throw new Error('STORE=eventstoredb needs EVENTSTORE_URL and MONGODB_URL');
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) throw new Error('Invalid configuration: MAIL_TRANSPORT=smtp needs SMTP_URL');
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox');
  if ((e.SMS_API_URL || e.SMS_API_TOKEN || e.SMS_FROM) && !(e.SMS_API_URL && e.SMS_API_TOKEN && e.SMS_FROM))
    throw new Error(SMS_INCOMPLETE);
  const config: Config = {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    store: e.STORE,
    eventStoreUrl: e.EVENTSTORE_URL,
    mongoUrl: e.MONGODB_URL,
    mongoDb: e.MONGODB_DB,
    zone: e.BUSINESS_TIME_ZONE,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    devOidc: { host: e.DEV_OIDC_HOST, port: e.DEV_OIDC_PORT },
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    sessionSecret: e.SESSION_SECRET,
    guestLinkSecret: e.GUEST_LINK_SECRET,
    reminderTime: e.REMINDER_TIME,
    guestDataSecret: e.GUEST_DATA_SECRET,
    smtpUrl: mailTransport === 'smtp' ? e.SMTP_URL : undefined,
    mailTransport,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_API_URL && e.SMS_API_TOKEN && e.SMS_FROM ? { url: e.SMS_API_URL, token: e.SMS_API_TOKEN, from: e.SMS_FROM } : undefined,
    rateLimitMax: e.RATE_LIMIT_MAX,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? join(REPOSITORY_DIR, 'web', 'dist')),
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      // Node requires the request timeout to be at least the headers timeout.
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      connectionCheckMs: e.HTTP_CONNECTION_CHECK_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    bookingHorizonDays: e.BOOKING_HORIZON_DAYS,
    metricsToken: e.METRICS_TOKEN,
    readyzMaxLag: e.READYZ_MAX_LAG,
    readyzMinFreeMb: e.READYZ_MIN_FREE_MB,
    projectorPort: e.PROJECTOR_PORT,
    ...overrides,
  };
  if (config.store === 'eventstoredb' && !config.guestDataSecret && !config.production) {
    // The gateway, the projector and ops must file guests' keys under the same hash: a process on the host
    // (NODE_ENV unset) guessing the development secret would find no guest of a real deployment.
    if (env.NODE_ENV !== 'development') throw new Error(GUEST_DATA_SECRET_NEEDED);
    config.guestDataSecret = DEVELOPMENT_GUEST_DATA_SECRET;
  }
  if (config.production) {
    // Staff sign in only through a real identity provider in production (the local one refuses to run):
    // name everything missing at once, so a deployment is fixed in one go, not one crash per variable.
    const given = {
      SESSION_SECRET: config.sessionSecret,
      OIDC_ISSUER: config.oidc.issuer,
      OIDC_CLIENT_ID: config.oidc.clientId,
      OIDC_CLIENT_SECRET: config.oidc.clientSecret,
      GUEST_LINK_SECRET: config.guestLinkSecret,
    };
    const missing = PRODUCTION_REQUIRED.filter((name) => !given[name]);
    if (missing.length) {
      throw new Error(
        `Invalid configuration: NODE_ENV=production needs ${missing.join(', ')} ` +
          '(SESSION_SECRET, GUEST_LINK_SECRET: 32+ random characters each; OIDC_*: your identity provider, see README "Staff sign-in")',
      );
    }
    // The gateway, the projector and ops must file guests' keys under the same hash.
    if (config.store === 'eventstoredb' && !config.guestDataSecret) {
      throw new Error('Invalid configuration: NODE_ENV=production with STORE=eventstoredb needs GUEST_DATA_SECRET (32+ random characters)');
    }
    // Without them every guest mail would quietly become a file in the container, its links to localhost.
    const mailMissing = e.MAIL_TRANSPORT === 'outbox' ? [] : MAIL_REQUIRED.filter((name) => !e[name]);
    if (mailMissing.length) throw new Error(mailNeeded(mailMissing));
  }
  return config;
}
