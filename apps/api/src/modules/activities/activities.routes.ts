import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityCreateSchema,
  activityListSchema,
  activityUpdateSchema,
  tagsCreateSchema,
} from '@aula/domain/activities';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './activities.service';
import { presentActivity, presentActivityRef, presentProduct, presentStandard, presentTag } from './activities.present';

const params = z.object({ id: idParamSchema });
const domainQuery = z.object({ domain_id: idParamSchema.optional() });
const tags = ['activities'];

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  // 'activity' is reading (teachers and account admins have view); 'activity-builder' is authoring.
  const view = guard({ scope: 'dashboard', resource: 'activity', actions: ['view'] });
  const build = (action: 'view' | 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'activity-builder', actions: [action] });
  const list = { preValidation: emptyBodyIsFilterless, schema: { tags, body: activityListSchema } };

  app.post('/activities/list', { ...list, preHandler: view }, async (req) =>
    presentPage(req.body, await service.listActivities(app.deps, caller(req), 'list', req.body), presentActivity),
  );
  app.post('/activities/ab-list', { ...list, preHandler: build('view') }, async (req) =>
    presentPage(req.body, await service.listActivities(app.deps, caller(req), 'ab', req.body), presentActivity),
  );
  app.post('/activities/rb-list', { ...list, preHandler: view }, async (req) =>
    presentPage(req.body, await service.listActivities(app.deps, caller(req), 'rb', req.body), presentActivityRef),
  );
  app.post('/activities/search', { ...list, preHandler: view }, async (req) =>
    presentPage(req.body, await service.listActivities(app.deps, caller(req), 'search', req.body), presentActivity),
  );
  app.post('/activities/archive', { ...list, preHandler: view }, async (req) =>
    presentPage(req.body, await service.listActivities(app.deps, caller(req), 'archive', req.body), presentActivity),
  );

  // view-only lists under an account, school, teacher or admin
  for (const [path, subject] of [
    ['accounts', 'account'],
    ['organizations', 'organization'],
    ['teachers', 'teacher'],
    ['admins', 'admin'],
  ] as const) {
    app.post(
      `/${path}/:id/activities`,
      { ...list, preHandler: view, schema: { ...list.schema, params } },
      async (req) =>
        presentPage(
          req.body,
          await service.listActivitiesOf(app.deps, caller(req), subject, req.params.id, req.body),
          presentActivity,
        ),
    );
  }

  app.post(
    '/activities',
    { preHandler: build('create'), schema: { tags, body: activityCreateSchema } },
    async (req) => ({
      data: presentActivity(await service.createActivity(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.get('/activities/:id', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentActivity(await service.getActivity(app.deps, caller(req), req.params.id)),
  }));

  app.put(
    '/activities/:id',
    { preHandler: build('update'), schema: { tags, params, body: activityUpdateSchema } },
    async (req) => ({
      data: presentActivity(await service.updateActivity(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.delete('/activities/:id', { preHandler: build('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteActivity(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });

  for (const [path, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(`/activities/:id/${path}`, { preHandler: build('update'), schema: { tags, params } }, async (req) => ({
      data: presentActivity(await service.setArchived(app.deps, caller(req), req.params.id, archived, req.ip)),
    }));
  }

  app.post('/activities/:id/favorites', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentActivity(await service.setFavorite(app.deps, caller(req), req.params.id, true)),
  }));
  app.delete('/activities/:id/favorites', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentActivity(await service.setFavorite(app.deps, caller(req), req.params.id, false)),
  }));

  app.get('/tags', { preHandler: view, schema: { tags, querystring: domainQuery } }, async (req) => ({
    data: (await service.listTags(app.deps, caller(req), req.query.domain_id)).map(presentTag),
  }));
  app.post('/tags', { preHandler: build('create'), schema: { tags, body: tagsCreateSchema } }, async (req) => ({
    data: (await service.createTags(app.deps, caller(req), req.body, req.ip)).map(presentTag),
  }));
  app.get('/standards', { preHandler: view, schema: { tags, querystring: domainQuery } }, async (req) => ({
    data: (await service.listStandards(app.deps, caller(req), req.query.domain_id)).map(presentStandard),
  }));
  app.get('/products', { preHandler: view, schema: { tags, querystring: domainQuery } }, async (req) => ({
    data: (await service.listProducts(app.deps, caller(req), req.query.domain_id)).map(presentProduct),
  }));
};
