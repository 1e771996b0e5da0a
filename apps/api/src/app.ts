import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EventBus, JobQueue } from './lib/deps';
import { errorsPlugin } from './plugins/errors';
import { loggerOptions } from './lib/log-options';
import { trustProxyOption } from './lib/trust-proxy';
import { apiSecurityHeaders } from './plugins/security-headers';
import { SessionCache } from './lib/session-cache';
import { requestContextPlugin } from './plugins/auth';
import { healthPlugin } from './plugins/health';
import { aboutPlugin } from './plugins/about';
import { API_VERSION } from './lib/version';
import { metricsPlugin } from './plugins/metrics';
import { pressurePlugin, type PressureOptions } from './plugins/pressure';
import { authRoutes } from './modules/auth/auth.routes';
import { registerModules } from './modules/register';
import { ssoCallbackRoutes, ssoPublicRoutes } from './modules/sso/sso.routes';
import { statusRoutes } from './modules/status/status.routes';

export interface AppOptions {
  config: Config;
  database: Database;
  events: EventBus;
  jobs: JobQueue;
  /** false: no log; a stream: the log written there (tests read it) */
  logger?: boolean | NodeJS.WritableStream;
  /** load-shedding overrides (tests force pressure with a failing health check) */
  pressure?: Omit<PressureOptions, 'config'>;
}

/** Builds the HTTP API (no listening): server.ts and the tests both call it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false ? false : loggerOptions(config.LOG_LEVEL, opts.logger === true ? undefined : opts.logger),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; otherwise req.ip is the peer address,
    // which the sign-in and reset rate limits key on
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('deps', {
    db: opts.database.db,
    config,
    log: app.log,
    events: opts.events,
    jobs: opts.jobs,
    sessions: new SessionCache(config.SESSION_CACHE_SECONDS * 1000),
  });

  await app.register(requestContextPlugin);
  await app.register(errorsPlugin);
  await apiSecurityHeaders(app);
  const origins = config.CORS_ORIGINS
    ? config.CORS_ORIGINS.split(',').map((s) => s.trim())
    : [config.PUBLIC_DASHBOARD_URL, config.PUBLIC_STUDENT_URL].map((u) => new URL(u).origin);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || origins.includes(origin) || isLoopbackOrigin(origin, config)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // clients wait as long as a 503 while shedding load asks (packages/web/src/lib/api-retry.ts)
    exposedHeaders: ['Retry-After'],
  });
  await app.register(metricsPlugin, { config, pool: opts.database.pool, jobs: opts.jobs, events: opts.events });
  await app.register(pressurePlugin, { config, ...opts.pressure });
  await app.register(healthPlugin, { pool: opts.database.pool, jobs: opts.jobs });
  await app.register(aboutPlugin, { config });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Aula API', version: API_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(authRoutes('dashboard'), { prefix: '/dashboard' });
  await app.register(authRoutes('student'), { prefix: '/student' });
  await app.register(ssoCallbackRoutes('dashboard'), { prefix: '/dashboard' });
  await app.register(ssoCallbackRoutes('student'), { prefix: '/student' });
  await app.register(ssoPublicRoutes);
  await registerModules(app);
  await app.register(statusRoutes, { prefix: '/dashboard', pool: opts.database.pool });
  return app;
}

// In development every port of localhost may host a theme's app (e.g. partner.localhost:3001).
function isLoopbackOrigin(origin: string, config: Config): boolean {
  if (config.NODE_ENV === 'production') return false;
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
  } catch {
    return false;
  }
}
