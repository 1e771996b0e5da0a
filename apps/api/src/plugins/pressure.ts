import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@aula/i18n/translate';
import type { Config } from '../config';

/** Seconds a shed request is told to wait (clients add jittered back-off, packages/web/src/lib/backoff.ts). */
export const RETRY_AFTER_SECONDS = 5;
/** Probes keep answering under pressure: an operator must see why the node is busy, and a busy node is not down. */
const EXEMPT_ROUTES = new Set(['/health', '/health/live', '/metrics']);

export interface PressureOptions {
  config: Pick<Config, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS' | 'PRESSURE_MAX_EVENT_LOOP_UTILIZATION'>;
  /** how often the event loop is sampled (tests shorten it) */
  sampleIntervalMs?: number;
  /** an extra check: false sheds every request (tests force pressure with it) */
  healthCheck?: () => Promise<boolean>;
}

/**
 * Load shedding with @fastify/under-pressure: while the event loop's mean delay over the last sample passes
 * PRESSURE_MAX_EVENT_LOOP_DELAY_MS (or its utilisation PRESSURE_MAX_EVENT_LOOP_UTILIZATION, when set), every request
 * but the probes is answered at once with 503, `Retry-After` and a translated message, before any handler runs, so
 * the requests already admitted finish instead of all of them timing out. 0 turns a threshold off.
 * Registered after CORS, so a browser can read the 503 and its Retry-After.
 */
export const pressurePlugin = fp<PressureOptions>(async (app, opts) => {
  const { config } = opts;
  await app.register(underPressure, {
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
    ...(opts.sampleIntervalMs ? { sampleInterval: opts.sampleIntervalMs } : {}),
    ...(opts.healthCheck ? { healthCheck: opts.healthCheck, healthCheckInterval: opts.sampleIntervalMs ?? 1000 } : {}),
    // answering here stops the request (Fastify runs no further hook or handler once a reply is sent); returning
    // without answering lets an exempt route through
    pressureHandler: (req: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (req.routeOptions.url && EXEMPT_ROUTES.has(req.routeOptions.url)) return;
      req.log.warn({ type, value }, 'under pressure: request shed');
      void reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: translate(req.lang, 'errors.overloaded') });
    },
  });
});
