import { z } from 'zod';
import { resolve } from 'node:path';
import { DEFAULT_TIME_ZONE } from '@cafe/contracts';

/** Every variable is listed, with its meaning, in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
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
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  ADMIN_EMAILS: z.string().default(''),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meeple Haven Café <hello@meeplehavencafe.com>'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(30),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
});

export type Env = z.infer<typeof envSchema>;

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
  adminEmails: string[];
  sessionSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  rateLimitMax: number;
  uploadMaxBytes: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  seedDemo: boolean;
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
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimitMax: e.RATE_LIMIT_MAX,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    seedDemo: e.SEED_DEMO === 'true',
    ...overrides,
  };
  if (config.production && !config.sessionSecret) {
    throw new Error('SESSION_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  return config;
}
