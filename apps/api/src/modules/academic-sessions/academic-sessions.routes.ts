import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  academicSessionCreateSchema,
  academicSessionListSchema,
  academicSessionScopeSchema,
  academicSessionTemplateListSchema,
  academicSessionUpdateSchema,
} from '@aula/domain/academic-sessions';
import type { Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './academic-sessions.service';
import { presentSchoolYear, presentSession, presentType } from './academic-sessions.present';

const params = z.object({ id: idParamSchema });
const tags = ['academic-sessions'];

// 002 section 7, Others: POST list, current (scope account_id), template list, school years, create. GET types.
// PATCH update. DELETE.
export const academicSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'academic-session', actions: [action] });
  const view = may('view');

  app.post(
    '/academic-sessions/list',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: academicSessionListSchema } },
    async (req) => presentPage(req.body, await service.listSessions(app.deps, caller(req), req.body), presentSession),
  );

  app.post(
    '/academic-sessions/current',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: academicSessionScopeSchema } },
    async (req) => {
      const row = await service.currentSession(app.deps, caller(req), req.body.scope.account_id);
      return { data: row ? presentSession(row) : null };
    },
  );

  app.post(
    '/academic-sessions/templates',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: view,
      schema: { tags, body: academicSessionTemplateListSchema },
    },
    async (req) => presentPage(req.body, await service.listTemplates(app.deps, caller(req), req.body), presentSession),
  );

  app.post(
    '/academic-sessions/school-years',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: academicSessionScopeSchema } },
    async (req) => ({
      data: (await service.schoolYears(app.deps, caller(req), req.body.scope.account_id)).map(presentSchoolYear),
    }),
  );

  app.get('/academic-sessions/types', { preHandler: view, schema: { tags } }, async (req) => ({
    data: service.sessionTypes().map((type) => presentType(type, req.lang)),
  }));

  app.post(
    '/academic-sessions',
    { preHandler: may('create'), schema: { tags, body: academicSessionCreateSchema } },
    async (req) => ({ data: presentSession(await service.createSession(app.deps, caller(req), req.body, req.ip)) }),
  );

  app.get('/academic-sessions/:id', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentSession(await service.getSession(app.deps, caller(req), req.params.id)),
  }));

  app.patch(
    '/academic-sessions/:id',
    { preHandler: may('update'), schema: { tags, params, body: academicSessionUpdateSchema } },
    async (req) => ({
      data: presentSession(await service.updateSession(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.delete('/academic-sessions/:id', { preHandler: may('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteSession(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });
};
