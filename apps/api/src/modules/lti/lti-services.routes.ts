import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action, Resource } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless } from '../accounts/listing';
import { listScoreSends, retryScoreSend } from './ags.service';
import { listAssignmentLinks, listClassLinks } from './lti-links.service';
import { importMembers } from './nrps.service';

const tags = ['lti'];
const params = z.object({ id: idParamSchema });
const sendParams = z.object({ id: idParamSchema, send_id: idParamSchema });
const importBody = z.object({ class_id: idParamSchema.optional() }).strict();

/**
 * LTI Advantage services as teachers see them (docs/lti.md): an assignment's scores sent back to the LMS (and a
 * retry of a failed one), the LTI links of a class and the import of an LMS course's members into it.
 */
export const ltiServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (resource: Resource, action: Action) => guard({ scope: 'dashboard', resource, actions: [action] });

  app.get(
    '/assignments/:id/lti-scores',
    { preHandler: can('assignment', 'view'), schema: { tags, params } },
    async (req) => ({
      data: await listScoreSends(app.deps, caller(req), req.params.id),
    }),
  );

  app.post(
    '/assignments/:id/lti-scores/:send_id/retry',
    { preHandler: can('assignment', 'update'), schema: { tags, params: sendParams } },
    async (req) => ({
      data: await retryScoreSend(app.deps, caller(req), req.params.id, req.params.send_id, req.ip),
    }),
  );

  app.get('/classes/:id/lti-links', { preHandler: can('class', 'view'), schema: { tags, params } }, async (req) => ({
    data: await listClassLinks(app.deps, caller(req), req.params.id),
  }));

  app.get(
    '/assignments/:id/lti-links',
    { preHandler: can('assignment', 'view'), schema: { tags, params } },
    async (req) => ({ data: await listAssignmentLinks(app.deps, caller(req), req.params.id) }),
  );

  app.post(
    '/lti/links/:id/import-members',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: can('class', 'update'),
      schema: { tags, params, body: importBody },
    },
    async (req) => ({ data: await importMembers(app.deps, caller(req), req.params.id, req.body, req.ip) }),
  );
};
