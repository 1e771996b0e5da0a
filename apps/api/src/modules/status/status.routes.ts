import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { guard } from '../../plugins/auth';
import { z } from 'zod';
import { emptyBodyIsFilterless } from '../accounts/listing';
import { platformStatus } from './status.service';
import { searchWorkers } from './workers.service';

const workerSearchSchema = z
  .object({ search: z.string().trim().max(255, 'validation.maxLength').optional() })
  .prefault({});

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

  // Workers: POST search (001 section 7), the /worker-servers page: the job queues this deployment's workers run
  app.post(
    '/workers/search',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: guard({ scope: 'dashboard', resource: 'technology', actions: ['view'] }),
      schema: { tags: ['status'], body: workerSearchSchema },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await searchWorkers(app.deps, req.body.search || undefined)),
  );
};
