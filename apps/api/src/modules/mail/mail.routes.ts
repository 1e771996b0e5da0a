import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailListSchema } from '@aula/domain/emails';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { emailBodiesVisible, getEmail, listEmails } from './emails.service';
import { presentEmail, presentEmailSummary } from './mail.present';

const tags = ['emails'];

// The Emails page (001 section 2 menu; the technology resource, which only the super administrator's bundle grants):
// the outbox in the caller's tenant, newest first, and one email with its body where bodies are shown
// (emails.service.ts). `meta.bodies` tells the page whether it may open them.
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayView = guard({ scope: 'dashboard', resource: 'technology', actions: ['view'] });

  app.post(
    '/emails/list',
    { preValidation: emptyBodyIsFilterless, preHandler: mayView, schema: { tags, body: emailListSchema } },
    async (req) => {
      const page = presentPage(req.body, await listEmails(app.deps, caller(req), req.body), presentEmailSummary);
      return { ...page, meta: { ...page.meta, bodies: emailBodiesVisible(app.deps.config) } };
    },
  );

  app.get(
    '/emails/:email_id',
    { preHandler: mayView, schema: { tags, params: z.object({ email_id: idParamSchema }) } },
    async (req) => ({ data: presentEmail(await getEmail(app.deps, caller(req), req.params.email_id)) }),
  );
};
