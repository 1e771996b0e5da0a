import { isIP } from 'node:net';
import { z } from 'zod';

// Every setting comes from the environment and is checked once at start; a bad value stops the
// process with one line per problem naming the variable, so nobody debugs a half-started server.
const port = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback);

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Production safety (issue 13): secrets, the public URLs of every link Aula writes, which proxies to believe, and
// whether to seed the demo district. Development fills in working defaults; production names what is missing.
const publicUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
  .transform((u) => u.replace(/\/+$/, ''));

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [addr = '', range, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4; // a netmask, as proxy-addr accepts
}

/** As Fastify's trustProxy takes it: false (the default), true, a hop count, or a list of addresses/CIDRs. */
const trustProxy = z.string().transform((v, ctx): boolean | number | string[] => {
  const s = v.trim().toLowerCase();
  if (s === '' || s === 'false' || s === '0') return false;
  if (s === 'true') return true;
  if (/^\d+$/.test(s)) return Number(s);
  const list = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = list.filter((x) => !isProxyAddress(x));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count or a comma list of addresses/CIDRs (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return list;
});

// A comma list of origins for a Content-Security-Policy directive (https://lms.example.org, https://*.example.org):
// scheme, host and port only, so no value can end the directive and start another.
const sourceList = z.string().transform((v, ctx) => {
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !/^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(s));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of origins like https://lms.example.org (got "${bad[0]}")`,
    });
    return z.NEVER;
  }
  return list;
});

const productionSettings = {
  /** HMAC key for the stored hashes of bearer and reset tokens: a database dump alone cannot check a token. */
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  /** AES-256-GCM key for credentials stored in the database (lib/secrets.ts). */
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
  PUBLIC_API_URL: publicUrl.optional(),
  PUBLIC_DASHBOARD_URL: publicUrl.optional(),
  PUBLIC_STUDENT_URL: publicUrl.optional(),
  /** older names of PUBLIC_DASHBOARD_URL and PUBLIC_STUDENT_URL, still read */
  DASHBOARD_URL: publicUrl.optional(),
  STUDENT_URL: publicUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: boolFlag.optional(),
};

/** Known only to development and tests: production refuses to start without its own TOKEN_SECRET. */
const DEVELOPMENT_TOKEN_SECRET = 'aula-development-token-secret-never-for-production';

export const SERVICES = ['web', 'realtime', 'worker'] as const;
export type Service = (typeof SERVICES)[number];

const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: port(3000),
  REALTIME_PORT: port(6001),
  DASHBOARD_PORT: port(3001),
  STUDENT_PORT: port(3002),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (leave it unset to use the embedded database)')
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  EMBEDDED_DB_PORT: port(0),
  DB_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  SERVICES: z
    .string()
    .default('web,realtime,worker')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((s) => !(SERVICES as readonly string[]).includes(s));
      if (bad.length || list.length === 0) {
        ctx.addIssue({ code: 'custom', message: `must be a comma list of ${SERVICES.join(', ')} (got "${v}")` });
        return z.NEVER;
      }
      return list as Service[];
    }),
  // nice value of the thread pool's threads (argon2): above 0 a sign-in rush yields the core to other requests
  THREAD_POOL_NICE: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(0, 'must be 0 or more')
    .max(19, 'must be at most 19')
    .default(0),
  SESSION_TTL_HOURS: z.coerce.number({ message: 'must be a number' }).positive('must be positive').default(12),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(60, 'must be at most 60')
    .default(30),
  REMEMBER_ME_TTL_DAYS: z.coerce.number({ message: 'must be a number' }).positive('must be positive').default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number({ message: 'must be a number' }).positive('must be positive').default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a number' }).int().positive('must be positive').default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .positive('must be positive')
    .default(60),
  /** LTI login initiation and launch requests per IP per AUTH_RATE_LIMIT_WINDOW_SECONDS (a class behind one NAT) */
  LTI_RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a number' }).int().positive('must be positive').default(600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().email('must be an email address').default('no-reply@aula.localhost'),
  CORS_ORIGINS: z.string().optional(),
  SERVE_UI: boolFlag.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino level' })
    .default('info'),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  // media library (issue 4): upload limits, the oEmbed endpoints of the two video providers, and the public base of
  // stored files when the API sits behind a proxy (otherwise the request's own origin)
  MEDIA_IMAGE_MAX_MB: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be positive')
    .max(100)
    .default(10),
  MEDIA_PDF_MAX_MB: z.coerce.number({ message: 'must be a number' }).positive('must be positive').max(500).default(50),
  MEDIA_PUBLIC_URL: z.url({ message: 'must be a URL' }).optional(),
  OEMBED_YOUTUBE_URL: z.url({ message: 'must be a URL' }).default('https://www.youtube.com/oembed'),
  OEMBED_VIMEO_URL: z.url({ message: 'must be a URL' }).default('https://vimeo.com/api/oembed.json'),
  OEMBED_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(100).max(60_000).default(5000),
  ...productionSettings,
  // operations (docs in README): who may read /metrics in production, and when the API sheds load (503 + Retry-After)
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number({ message: 'must be a number' }).min(0).default(1000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number({ message: 'must be a number' }).min(0).max(1).default(0),
  // security headers (issue 13; docs/decisions/0007-content-security-policy.md): who may frame the apps (LTI
  // platforms), further hosts the pages may fetch from (e.g. a video CDN's HLS/DASH streams), and tldraw's licence
  FRAME_ANCESTORS: sourceList.default([]),
  CSP_CONNECT_SOURCES: sourceList.default([]),
  TLDRAW_LICENSE_KEY: z.string().trim().min(1, 'must not be empty').optional(),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // one problem, one line: what an operator sees first in a container log
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

type ParsedConfig = z.infer<typeof configSchema>;

/** The settings production cannot start without, in the order the error names them. */
function missingForProduction(env: Record<string, string | undefined>): string[] {
  const set = (...names: string[]) => names.some((n) => !!env[n]?.trim());
  return [
    ['TOKEN_SECRET'],
    ['SECRETS_KEY'],
    ['DATABASE_URL'],
    ['PUBLIC_API_URL'],
    ['PUBLIC_DASHBOARD_URL', 'DASHBOARD_URL'],
    ['PUBLIC_STUDENT_URL', 'STUDENT_URL'],
  ]
    .filter((names) => !set(...names))
    .map((names) => names[0]!);
}

function pickUrl(cfg: ParsedConfig, name: 'DASHBOARD' | 'STUDENT', problems: string[]): string | undefined {
  const current = cfg[`PUBLIC_${name}_URL`];
  const alias = cfg[`${name}_URL`];
  if (current && alias && current !== alias) problems.push(`PUBLIC_${name}_URL and ${name}_URL: set only one`);
  return current ?? alias;
}

function resolve(cfg: ParsedConfig) {
  const problems: string[] = [];
  if (Boolean(cfg.TLS_CERT_FILE) !== Boolean(cfg.TLS_KEY_FILE))
    problems.push('TLS_CERT_FILE and TLS_KEY_FILE: set both or neither');
  const local = (port: number) => `http://localhost:${port}`;
  const dashboard = pickUrl(cfg, 'DASHBOARD', problems) ?? local(cfg.DASHBOARD_PORT);
  const student = pickUrl(cfg, 'STUDENT', problems) ?? local(cfg.STUDENT_PORT);
  if (problems.length) throw new ConfigError(problems);
  return {
    ...cfg,
    TOKEN_SECRET: cfg.TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET,
    // the demo district (with its printed password) only where someone asked for it
    SEED_DEMO: cfg.SEED_DEMO ?? cfg.NODE_ENV !== 'production',
    PUBLIC_API_URL: cfg.PUBLIC_API_URL ?? local(cfg.PORT),
    PUBLIC_DASHBOARD_URL: dashboard,
    PUBLIC_STUDENT_URL: student,
  };
}

export type Config = ReturnType<typeof resolve>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (env.NODE_ENV === 'production') {
    const missing = missingForProduction(env);
    if (missing.length)
      problems.push(`NODE_ENV=production needs ${missing.join(', ')} (see the Configuration table in README.md)`);
    if (env.TOKEN_SECRET === DEVELOPMENT_TOKEN_SECRET)
      problems.push('TOKEN_SECRET: must not be the development secret');
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return resolve(parsed.data);
}
