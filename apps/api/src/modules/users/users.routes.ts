import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  userCreateSchema,
  userOrganizationsSchema,
  userSearchSchema,
  userSetPasswordSchema,
  userSetRoleSchema,
  userUpdateSchema,
} from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './users.service';
import { presentListedUser, presentTeacherProfile, presentUser } from './users.present';

const params = z.object({ id: idParamSchema });
const tags = ['users'];

// The guard only signs the caller in: which resource applies ('teacher' for teachers, 'user' for other staff)
// depends on the role of the user concerned, so the service checks it (users.service.ts).
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = guard({ scope: 'dashboard' });

  app.post(
    '/users/search',
    { preValidation: emptyBodyIsFilterless, preHandler: signedIn, schema: { tags, body: userSearchSchema } },
    async (req) => {
      return presentPage(req.body, await service.searchUsers(app.deps, caller(req), req.body), presentListedUser);
    },
  );

  app.post('/users', { preHandler: signedIn, schema: { tags, body: userCreateSchema } }, async (req) => {
    return { data: presentUser(await service.createUser(app.deps, caller(req), req.body, req.ip)) };
  });

  app.get('/users/:id', { preHandler: signedIn, schema: { tags, params } }, async (req) => {
    return { data: presentUser(await service.getUser(app.deps, caller(req), req.params.id)) };
  });

  // Teacher: GET one (001 section 7)
  app.get(
    '/teachers/:id',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'teacher', actions: ['view'] }),
      schema: { tags, params },
    },
    async (req) => ({ data: presentTeacherProfile(await service.getTeacher(app.deps, caller(req), req.params.id)) }),
  );

  app.put('/users/:id', { preHandler: signedIn, schema: { tags, params, body: userUpdateSchema } }, async (req) => {
    return { data: presentUser(await service.updateUser(app.deps, caller(req), req.params.id, req.body, req.ip)) };
  });

  app.patch(
    '/users/:id/password',
    { preHandler: signedIn, schema: { tags, params, body: userSetPasswordSchema } },
    async (req) => {
      await service.setUserPassword(app.deps, caller(req), req.params.id, req.body.password, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.patch(
    '/users/:id/role',
    { preHandler: signedIn, schema: { tags, params, body: userSetRoleSchema } },
    async (req) => {
      return { data: presentUser(await service.setUserRole(app.deps, caller(req), req.params.id, req.body, req.ip)) };
    },
  );

  app.post(
    '/users/:id/organizations',
    { preHandler: signedIn, schema: { tags, params, body: userOrganizationsSchema } },
    async (req) => {
      const user = await service.setUserOrganizations(
        app.deps,
        caller(req),
        req.params.id,
        req.body.organization_ids,
        req.ip,
      );
      return { data: presentUser(user) };
    },
  );

  app.patch('/users/:id/restore', { preHandler: signedIn, schema: { tags, params } }, async (req) => {
    return { data: presentUser(await service.restoreUser(app.deps, caller(req), req.params.id, req.ip)) };
  });

  app.delete('/users/:id', { preHandler: signedIn, schema: { tags, params } }, async (req) => {
    await service.deleteUser(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });
};
