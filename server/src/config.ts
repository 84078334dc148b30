import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { InquirySubject } from '@blitz/contract';

/** Where clamd listens: a TCP address or a Unix socket (CLAMD_URL). */
export type ClamdAddress = { host: string; port: number } | { path: string };

/** `tcp://host:port` or `unix:///path/to/clamd.ctl`; undefined for anything else. */
export function parseClamdUrl(value: string): ClamdAddress | undefined {
  if (value.startsWith('unix://')) {
    const socketPath = value.slice('unix://'.length);
    return socketPath.startsWith('/') ? { path: socketPath } : undefined;
  }
  const match = /^tcp:\/\/([^:/]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  return match && port > 0 && port < 65536 ? { host: match[1]!, port } : undefined;
}

/** How to reach the bucket (S3_*). */
export type S3Settings = {
  /** Omitted: AWS itself, from the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Omitted: the SDK's default chain (instance role, AWS_* variables, shared files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket.host/key` (virtual-hosted, AWS's default) or `host/bucket/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').max(1024).optional(),
  JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(8 * 3600),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(30),
  SECOND_FACTOR: z.enum(['required', 'optional']).default('required'),
  TRUST_PROXY: z.string().optional(),
  SITE_URL: z
    .string()
    .refine((v) => siteOrigin(v) !== undefined, 'must be an http(s) origin such as https://www.example.de, without path or query')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  CONTACT_TO: z.email().optional(),
  CONTACT_TO_APPLICATION: z.email().optional(),
  CONTACT_TO_PRICE_INQUIRY: z.email().optional(),
  MAIL_FROM: z.email().optional(),
  CONFIRMATION_MAIL: booleanString.default(true),
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(20_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  MAIL_GIVE_UP_HOURS: z.coerce
    .number()
    .min(0.0001)
    .max(24 * 30)
    .default(48),
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(900_000),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  SMTP_DATA_TIMEOUT_MS: z.coerce.number().int().min(50).max(3_600_000).default(600_000),
  CLAMD_URL: z
    .string()
    .refine((v) => parseClamdUrl(v) !== undefined, 'must be tcp://host:port or unix:///path/to/socket')
    .optional(),
  CLAMD_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(7_200_000).default(900_000),
  SEED_SAMPLE: booleanString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must have at least 16 characters')
    .max(1024)
    .regex(/^[A-Za-z0-9._~+/=-]+$/, 'may hold only letters, digits and ._~+/=-')
    .optional(),
  READY_OUTBOX_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(7 * 86_400_000)
    .default(15 * 60_000),
  READY_STORAGE_PROBE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  WEB_DIST: z.string().optional(),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // The nightly backup (decision 044): from this hour of the day, Berlin time, or off; how many are kept.
  BACKUP_HOUR: z
    .union([z.literal('off'), z.coerce.number().int().min(0).max(23)], {
      error: 'must be an hour from 0 to 23 (Berlin time) or off',
    })
    .default(3),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  STATISTICS: z.enum(['on', 'off']).default('on'),
  STATISTICS_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Object storage (S3-compatible) for pictures and attachments; unset S3_BUCKET: DATA_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http(s) origin such as https://s3.eu-central-1.amazonaws.com')
    .optional(),
  S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(1024).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  // Where pictures are public (a CDN in front of the bucket's media/ prefix); unset: the site's /media/.
  MEDIA_PUBLIC_URL: z
    .string()
    .refine((v) => mediaBase(v) !== undefined, 'must be an http(s) address such as https://cdn.example.de/media/, without query')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string; password: string } | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** A sign-in ends after this long without a request from it, before its token expires. */
  sessionIdleMs: number;
  /** Every admin must set up two-step sign-in before using the dashboard (SECOND_FACTOR=required, ASVS 6.3.3). */
  secondFactorRequired: boolean;
  trustProxy: boolean | string | string[];
  /**
   * SITE_URL, the public origin (`https://host[:port]`, no trailing slash) the operator pinned;
   * undefined when unset. Not read directly for an address: the origin in effect (this, else the
   * company's saved website, else the shipped one) comes from modules/site-address.
   */
  siteUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * Recipient of the mail to the company per inquiry type as the operator set it
   * (CONTACT_TO_APPLICATION, …, else CONTACT_TO): only the start of a new site's mail settings,
   * which staff change in the dashboard; a type without one starts from the saved company e-mail.
   */
  contactToBySubject: Partial<Record<InquirySubject, string>>;
  /** MAIL_FROM: the address the mail server may send as; a sender of another domain is not used. */
  mailFrom: string | undefined;
  /** The contact form: confirmation mail to the visitor, spam fill-time, per-client rate (per 10 minutes). */
  contact: { confirmationMail: boolean; minFillMs: number; rateLimit: number };
  /** The outbox: retry backoff (first delay, cap), when to give up, how often to look, how long a claim lasts. */
  mail: {
    retryBaseMs: number;
    retryMaxMs: number;
    giveUpMs: number;
    pollMs: number;
    leaseMs: number;
    /** Connection and greeting limit for the SMTP server: a server that does not answer is a failed try. */
    smtpTimeoutMs: number;
    /** Silence allowed on an open SMTP connection, the wait for the end-of-data reply included (RFC 5321: 10 min). */
    smtpDataTimeoutMs: number;
  };
  /** ClamAV's daemon, which scans every attachment before an inquiry is stored; undefined: no scan. */
  clamd: { address: ClamdAddress; timeoutMs: number } | undefined;
  /** On SIGTERM/SIGINT, how long requests in flight may take before their connections are cut. */
  shutdownGraceMs: number;
  /**
   * A connection on which nothing moves for `idleMs` is cut, and a request must have arrived
   * whole within `requestMs` (408 otherwise): a client that stalls, or declares more than it
   * sends, cannot hold a connection, an upload's temporary file or a shutdown for good.
   */
  timeouts: { idleMs: number; requestMs: number };
  seedSample: boolean;
  logLevel: string;
  /** `pretty`: readable lines (pino-pretty) for a person at a terminal; `json`: one JSON object per line. */
  logFormat: 'json' | 'pretty';
  /** Bearer token that opens GET /metrics; undefined: /metrics does not exist (404). */
  metricsToken: string | undefined;
  /** /readyz fails once the oldest due mail has waited longer than this (the outbox is stuck). */
  readyOutboxMaxAgeMs: number;
  /** How long /readyz reuses a passed storage probe (a write and a delete per store) before probing again. */
  readyStorageProbeMs: number;
  /** Visitor statistics (STATISTICS=off: nothing counted); counts are written every `flushMs`. */
  statistics: { enabled: boolean; flushMs: number };
  /** Audit trail entries older than this many days are removed by the housekeeping (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /**
   * Backups the server writes (decision 044): the nightly one from `hour` (Berlin time; null: off,
   * BACKUP_HOUR), and how many passed ones are kept (BACKUP_KEEP).
   */
  backups: { hour: number | null; keep: number };
  /** Folder of the built web app (index, prerendered pages, assets). */
  webDist: string;
  /** The sample pictures `npm run build` renders in advance (missing ones are rendered on seeding). */
  sampleMediaDir: string;
  /** The web app's locale files: the shipped page texts when there is no web build (npm run dev, tests). */
  webLocales: string;
  /** S3-compatible object storage for pictures and attachments (S3_*); undefined: under DATA_DIR. */
  objectStorage: S3Settings | undefined;
  /** Base address of picture URLs (MEDIA_PUBLIC_URL, ending in `/`); undefined: the site's own `/media/`. */
  mediaPublicUrl: string | undefined;
};

export class ConfigError extends Error {}

/** `https://www.example.de/` → `https://www.example.de`; undefined for anything but a bare http(s) origin. */
function siteOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !/[?#]/.test(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : undefined;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((s) => s.trim());
}

/** Variables with secrets in them, which may instead be read from a file named by `NAME_FILE`. */
const secretVariables = [
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * `JWT_SECRET_FILE=/run/secrets/jwt` instead of `JWT_SECRET=…`: how container platforms and
 * secret managers hand a secret to a process without putting it in its environment, where any
 * child process, crash report or `/proc/PID/environ` reader would see it. One trailing line
 * break is dropped.
 */
function readSecretFiles(env: Record<string, string | undefined>): void {
  for (const name of secretVariables) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined)
      throw new ConfigError(`Invalid environment variable ${name}_FILE: set ${name} or ${name}_FILE, not both`);
    try {
      env[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(
        `Invalid environment variable ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    delete env[`${name}_FILE`];
  }
}

/**
 * Reads the environment once; a wrong value throws a ConfigError naming the variable. `terminal`:
 * whether stdout is a terminal (LOG_FORMAT=auto then logs readable lines instead of JSON).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  readSecretFiles(cleaned);
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid environment variable ADMIN_PASSWORD: set ADMIN_USERNAME and ADMIN_PASSWORD together');
  }
  const objectStorage = s3Settings(e);
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    sessionIdleMs: Math.round(e.SESSION_IDLE_MINUTES * 60_000),
    secondFactorRequired: e.SECOND_FACTOR === 'required',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    siteUrl: e.SITE_URL === undefined ? undefined : siteOrigin(e.SITE_URL),
    smtpUrl: e.SMTP_URL,
    contactToBySubject: Object.fromEntries(
      Object.entries({
        application: e.CONTACT_TO_APPLICATION ?? e.CONTACT_TO,
        priceInquiry: e.CONTACT_TO_PRICE_INQUIRY ?? e.CONTACT_TO,
        generalMessage: e.CONTACT_TO,
      }).filter(([, to]) => to !== undefined),
    ),
    mailFrom: e.MAIL_FROM,
    contact: {
      confirmationMail: e.CONFIRMATION_MAIL,
      minFillMs: e.CONTACT_MIN_FILL_SECONDS * 1000,
      rateLimit: e.CONTACT_RATE_LIMIT,
    },
    mail: {
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      giveUpMs: e.MAIL_GIVE_UP_HOURS * 3_600_000,
      pollMs: e.MAIL_POLL_MS,
      leaseMs: e.MAIL_LEASE_MS,
      smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
      smtpDataTimeoutMs: e.SMTP_DATA_TIMEOUT_MS,
    },
    clamd: e.CLAMD_URL ? { address: parseClamdUrl(e.CLAMD_URL)!, timeoutMs: e.CLAMD_TIMEOUT_MS } : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    timeouts: { idleMs: e.IDLE_TIMEOUT_MS, requestMs: e.REQUEST_TIMEOUT_MS },
    seedSample: e.SEED_SAMPLE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (terminal ? 'pretty' : 'json') : e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    readyOutboxMaxAgeMs: e.READY_OUTBOX_MAX_AGE_MS,
    readyStorageProbeMs: e.READY_STORAGE_PROBE_MS,
    statistics: { enabled: e.STATISTICS === 'on', flushMs: e.STATISTICS_FLUSH_MS },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    backups: { hour: e.BACKUP_HOUR === 'off' ? null : e.BACKUP_HOUR, keep: e.BACKUP_KEEP },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist/client'),
    sampleMediaDir: path.resolve(serverRoot, 'dist/sample-media'),
    webLocales: path.resolve(serverRoot, '../web/src/locales'),
    objectStorage,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL === undefined ? undefined : mediaBase(e.MEDIA_PUBLIC_URL),
  };
}

/** An http(s) address without query, fragment or credentials, as a base ending in `/`; else undefined. */
function mediaBase(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password || /[?#]/.test(value)) {
    return undefined;
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** S3_BUCKET turns object storage on; the other S3_* variables only say how to reach it. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment variable S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)
      throw new ConfigError('Invalid environment variable S3_BUCKET: S3_ENDPOINT or S3 keys are set, but no bucket');
    return undefined;
  }
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
