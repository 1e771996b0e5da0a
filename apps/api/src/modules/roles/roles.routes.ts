import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, roleInputSchema, roleListSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './roles.service';
import { presentRole, presentRoleListed } from './roles.present';

const params = z.object({ id: idParamSchema });
const tags = ['roles'];

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'role', actions: [action] });

  app.post(
    '/roles/list',
    { preValidation: emptyBodyIsFilterless, preHandler: can('view'), schema: { tags, body: roleListSchema } },
    async (req) => {
      return presentPage(req.body, await service.listRoles(app.deps, caller(req), req.body), presentRoleListed);
    },
  );

  // The permission catalogue the role form picks from; registered before /roles/:id, and static routes win anyway.
  app.get('/roles/permissions', { preHandler: can('view'), schema: { tags } }, async (req) => {
    return { data: service.listPermissions(caller(req)) };
  });

  // Every staff caller may read their own role and permissions.
  app.get('/roles/my', { preHandler: guard({ scope: 'dashboard' }), schema: { tags } }, async (req) => {
    const my = await service.getMyRoles(app.deps, caller(req));
    return {
      data: { role: my.role, custom_role: my.custom ? presentRole(my.custom) : null, permissions: my.permissions },
    };
  });

  app.post('/roles', { preHandler: can('create'), schema: { tags, body: roleInputSchema } }, async (req) => {
    return { data: presentRole(await service.createRole(app.deps, caller(req), req.body, req.ip)) };
  });

  app.get('/roles/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => {
    return { data: presentRoleListed(await service.getRole(app.deps, caller(req), req.params.id)) };
  });

  app.put('/roles/:id', { preHandler: can('update'), schema: { tags, params, body: roleInputSchema } }, async (req) => {
    return { data: presentRole(await service.updateRole(app.deps, caller(req), req.params.id, req.body, req.ip)) };
  });

  app.delete('/roles/:id', { preHandler: can('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteRole(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });
};
