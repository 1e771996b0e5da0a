import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ltiSetAssignmentCreateSchema, ltiSetLinkSchema } from '@aula/domain/lti-launch';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { createSetAssignment, setLink } from './lti-set-links.service';

// The spec's LTI assignment calls (002 section 7: "POST create LTI and LTI link"; docs/lti.md), mounted under
// /dashboard: "create LTI" needs assignment create, "LTI link" assignment-set view; the set must be reachable.
export const ltiSetLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lti'];
  const params = z.object({ id: idParamSchema });

  app.post(
    '/assignment-sets/:id/lti',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'assignment', actions: ['create'] }),
      schema: { tags, params, body: ltiSetAssignmentCreateSchema },
    },
    async (req) => ({ data: await createSetAssignment(app.deps, caller(req), req.params.id, req.body, req.ip) }),
  );

  app.post(
    '/assignment-sets/:id/lti-link',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'assignment-set', actions: ['view'] }),
      schema: { tags, params, body: ltiSetLinkSchema },
    },
    async (req) => ({ data: await setLink(app.deps, caller(req), req.params.id, req.body) }),
  );
};
