import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupCreateSchema, groupListSchema, groupRelationsSchema, groupUpdateSchema } from '@aula/domain/groups';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './groups.service';
import { presentGroup, presentGroupDetail, presentRelations } from './groups.present';

const params = z.object({ id: idParamSchema });
const tags = ['groups'];

// 001 section 7 "Groups": POST list, my list, create, relations; PUT update and restore; GET one; DELETE. Also the
// lists under a class, teacher, organization, student or account.
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'group', actions: [action] });
  const list = { preValidation: emptyBodyIsFilterless, schema: { tags, body: groupListSchema } };

  app.post('/groups/list', { ...list, preHandler: can('view') }, async (req) =>
    presentPage(req.body, await service.listGroups(app.deps, caller(req), req.body), presentGroup),
  );
  app.post('/groups/my', { ...list, preHandler: can('view') }, async (req) =>
    presentPage(req.body, await service.listMyGroups(app.deps, caller(req), req.body), presentGroup),
  );

  for (const [path, subject] of [
    ['accounts', 'account'],
    ['organizations', 'organization'],
    ['teachers', 'teacher'],
    ['students', 'student'],
    ['classes', 'class'],
  ] as const) {
    app.post(
      `/${path}/:id/groups`,
      { ...list, preHandler: can('view'), schema: { ...list.schema, params } },
      async (req) =>
        presentPage(
          req.body,
          await service.listGroups(app.deps, caller(req), req.body, { kind: subject, id: req.params.id }),
          presentGroup,
        ),
    );
  }

  app.post(
    '/groups/relations',
    { preValidation: emptyBodyIsFilterless, preHandler: can('view'), schema: { tags, body: groupRelationsSchema } },
    async (req) => ({ data: presentRelations(await service.listRelations(app.deps, caller(req), req.body)) }),
  );

  app.post('/groups', { preHandler: can('create'), schema: { tags, body: groupCreateSchema } }, async (req) => ({
    data: presentGroupDetail(await service.createGroup(app.deps, caller(req), req.body, req.ip)),
  }));

  app.get('/groups/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: presentGroupDetail(await service.getGroup(app.deps, caller(req), req.params.id)),
  }));

  app.put(
    '/groups/:id',
    { preHandler: can('update'), schema: { tags, params, body: groupUpdateSchema } },
    async (req) => ({
      data: presentGroupDetail(await service.updateGroup(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.put('/groups/:id/restore', { preHandler: can('update'), schema: { tags, params } }, async (req) => ({
    data: presentGroupDetail(await service.restoreGroup(app.deps, caller(req), req.params.id, req.ip)),
  }));

  app.delete('/groups/:id', { preHandler: can('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteGroup(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });
};
