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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().email('must be an email address').default('no-reply@aula.localhost'),
  DASHBOARD_URL: z.url({ message: 'must be a URL' }).default('http://localhost:3001'),
  STUDENT_URL: z.url({ message: 'must be a URL' }).default('http://localhost:3002'),
  CORS_ORIGINS: z.string().optional(),
  SEED_DEMO: boolFlag.default(true),
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
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const cfg = parsed.data;
  if (Boolean(cfg.TLS_CERT_FILE) !== Boolean(cfg.TLS_KEY_FILE)) {
    throw new ConfigError(['TLS_CERT_FILE and TLS_KEY_FILE: set both or neither']);
  }
  return cfg;
}
