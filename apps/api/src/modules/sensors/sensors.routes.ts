import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '@aula/domain/permissions';
import { sensorCreateSchema, sensorListSchema, sensorUpdateSchema } from '@aula/domain/media';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { presentSensor } from './sensors.present';
import * as service from './sensors.service';

const tags = ['sensors'];
const params = z.object({ sensor_id: idParamSchema });

/**
 * Sensor kinds for the activity builder's lab media, the renderer's sensor indicator and the sensors pages
 * (001 section 7: POST list, GET my, GET one, POST create and update, DELETE).
 */
export const sensorRoutes: FastifyPluginAsyncZod = async (app) => {
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'sensor', actions: [action] });

  app.post(
    '/sensors/list',
    {
      preValidation: emptyBodyIsFilterless,
      // the service checks sensor or activity-builder view (the sensors page and the builder's picker)
      preHandler: guard({ scope: 'dashboard' }),
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

  app.get('/sensors/:sensor_id', { preHandler: may('view'), schema: { tags, params } }, async (req) => ({
    data: presentSensor(await service.getSensor(app.deps, caller(req), req.params.sensor_id)),
  }));

  app.post('/sensors', { preHandler: may('create'), schema: { tags, body: sensorCreateSchema } }, async (req) => ({
    data: presentSensor(await service.createSensor(app.deps, caller(req), req.body, req.ip)),
  }));

  app.post(
    '/sensors/:sensor_id',
    { preHandler: may('update'), schema: { tags, params, body: sensorUpdateSchema } },
    async (req) => ({
      data: presentSensor(await service.updateSensor(app.deps, caller(req), req.params.sensor_id, req.body, req.ip)),
    }),
  );

  app.delete('/sensors/:sensor_id', { preHandler: may('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteSensor(app.deps, caller(req), req.params.sensor_id, req.ip);
    return { data: { success: true as const } };
  });
};
