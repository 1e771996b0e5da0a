import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sensorListSchema } from '@aula/domain/media';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { presentSensor } from './sensors.present';
import * as service from './sensors.service';

const tags = ['sensors'];

/** Sensor kinds for the activity builder's lab media and the renderer's sensor indicator (001 section 7). */
export const sensorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sensors/list',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: guard({ scope: 'dashboard', resource: 'activity-builder', actions: ['view'] }),
      schema: { tags, body: sensorListSchema },
    },
    async (req) => presentPage(req.body, await service.listSensors(app.deps, caller(req), req.body), presentSensor),
  );

  // every sensor kind the caller's domain offers, unpaged: the builder's picker and the names of a preview's
  // 'Sensors Required:' tooltip; anyone who may view activities may read them
  app.get(
    '/sensors/my',
    { preHandler: guard({ scope: 'dashboard', resource: 'activity', actions: ['view'] }), schema: { tags } },
    async (req) => ({ data: (await service.listMySensors(app.deps, caller(req))).map(presentSensor) }),
  );
};
