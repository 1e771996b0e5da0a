import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { guard } from '../../plugins/auth';
import { platformStatus } from './status.service';

/**
 * GET /dashboard/status: the platform's status as JSON for the /status page, for staff holding the technology
 * resource (the super administrator's). The database pool is the one /health asks.
 */
export const statusRoutes: FastifyPluginAsyncZod<{ pool: Pick<pg.Pool, 'query'> }> = async (app, opts) => {
  app.get(
    '/status',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'technology', actions: ['view'] }),
      schema: { tags: ['status'] },
    },
    async (_req, reply) => {
      return reply.header('cache-control', 'no-store').send({ data: await platformStatus(app.deps, opts.pool) });
    },
  );
};
