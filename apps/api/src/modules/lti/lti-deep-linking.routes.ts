import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ltiDeepLinkResponseSchema } from '@aula/domain/lti-launch';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { getPicker, respond } from './lti-deep-linking.service';

// The deep-linking picker's calls (issue 18 item 4): only the staff user the LtiDeepLinkingRequest signed in reaches
// their own request (anyone else: 404).
export const ltiDeepLinkingRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = guard({ scope: 'dashboard' });
  const tags = ['lti'];
  const params = z.object({ id: idParamSchema });

  app.get('/lti/deep-linking/:id', { preHandler: staff, schema: { tags, params } }, async (req) => ({
    data: await getPicker(app.deps, caller(req), req.params.id),
  }));

  app.post(
    '/lti/deep-linking/:id/response',
    { preHandler: staff, schema: { tags, params, body: ltiDeepLinkResponseSchema } },
    async (req) => ({ data: await respond(app.deps, caller(req), req.params.id, req.body, req.ip) }),
  );
};
