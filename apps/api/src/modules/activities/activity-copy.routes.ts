import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cloneActivitySchema, cloneBulkSchema, importSchema } from '@aula/domain/activity-authoring';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless } from '../accounts/listing';
import { presentActivity } from './activities.present';
import { getActivity } from './activities.service';
import * as service from './activity-copy.service';

const params = z.object({ id: idParamSchema });
const tags = ['activity-builder'];

/** Duplicate, clone, clone in bulk, export and import of whole activities (issue 4 items 1 and 6). */
export const activityCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  // a new copy answers as the catalogue's Activity, the one shape every activity call returns
  const present = async (req: FastifyRequest, copy: { id: number }) =>
    presentActivity(await getActivity(app.deps, caller(req), copy.id));

  const can = (action: 'view' | 'create') =>
    guard({ scope: 'dashboard', resource: 'activity-builder', actions: [action] });

  app.post('/activities/:id/duplicate', { preHandler: can('create'), schema: { tags, params } }, async (req) => ({
    data: await present(req, await service.duplicateActivity(app.deps, caller(req), req.params.id, req.lang)),
  }));

  app.post(
    '/activities/:id/clone',
    // a POST without a body clones into the caller's own space
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: can('create'),
      schema: { tags, params, body: cloneActivitySchema },
    },
    async (req) => ({
      data: await present(req, await service.cloneActivity(app.deps, caller(req), req.params.id, req.body)),
    }),
  );

  app.post(
    '/activities/clone-bulk',
    { preHandler: can('create'), schema: { tags, body: cloneBulkSchema } },
    async (req, reply) => {
      reply.status(202);
      return { data: await service.cloneBulk(app.deps, caller(req), req.body) };
    },
  );

  app.get('/activities/:id/export', { preHandler: can('view'), schema: { tags, params } }, async (req, reply) => {
    const doc = await service.exportActivity(app.deps, caller(req), req.params.id);
    void reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="activity-${req.params.id}.json"`);
    return doc;
  });

  app.post(
    '/activities/import',
    { preHandler: can('create'), bodyLimit: 20 * 1024 * 1024, schema: { tags, body: importSchema } },
    async (req) => ({ data: await present(req, await service.importActivity(app.deps, caller(req), req.body)) }),
  );
};
