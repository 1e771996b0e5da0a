import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulationListQuerySchema } from '@aula/domain/simulations';
import { caller, guard } from '../../plugins/auth';
import { presentPage } from '../accounts/listing';
import { mediaBaseUrl } from '../media/media.present';
import { presentSimulation } from './simulations.present';
import * as service from './simulations.service';

const tags = ['simulations'];

/** 002 section 7: Simulations, GET list with params (search, provider, page, per_page); simulations-view. */
export const simulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/simulations',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'simulation', actions: ['view'] }),
      schema: { tags, querystring: simulationListQuerySchema },
    },
    async (req) => {
      const base = mediaBaseUrl(req);
      return presentPage(req.query, await service.listSimulations(app.deps, caller(req), req.query), (v) =>
        presentSimulation(v, base),
      );
    },
  );
};
