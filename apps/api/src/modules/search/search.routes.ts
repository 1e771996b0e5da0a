import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchDetailsQuerySchema, searchRequestSchema } from '@aula/domain/search';
import { caller, guard } from '../../plugins/auth';
import * as service from './search.service';

const tags = ['search'];

/**
 * The header search and its pages (001 section 2: /search-results, /details). Signed-in staff only; which groups
 * a caller gets is their policy's (the service), which rows the areas' own scoping.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // signed-in staff; each group then needs view of its own resource (a custom role may search only what it views)
  const staff = guard({ scope: 'dashboard' });

  app.post('/search', { preHandler: staff, schema: { tags, body: searchRequestSchema } }, async (req) => ({
    data: await service.search(app.deps, caller(req), req.body),
  }));

  app.get(
    '/search/details',
    { preHandler: staff, schema: { tags, querystring: searchDetailsQuerySchema } },
    async (req) => ({
      data: await service.findDetails(app.deps, caller(req), req.query.type, req.query.id),
    }),
  );
};
