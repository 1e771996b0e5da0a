import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSummaryRequestSchema } from '@aula/domain/summaries';
import { caller, guard } from '../../plugins/auth';
import * as service from './summaries.service';
import { presentAccountSummary, presentStaffSummary } from './summaries.present';

const tags = ['summaries'];

// 002 section 7 Reports: "POST summaries for ... account" and "POST staff summary". The account summary's permission
// (view on account or report) is checked by the service, since the guard takes one resource.
export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/summaries/account',
    { preHandler: guard({ scope: 'dashboard' }), schema: { tags, body: accountSummaryRequestSchema } },
    async (req) => {
      const { account, counts, imports } = await service.accountSummary(app.deps, caller(req), req.body.account_id);
      return { data: presentAccountSummary(account, counts, imports) };
    },
  );

  app.post(
    '/summaries/staff',
    { preHandler: guard({ scope: 'dashboard', resource: 'account' }), schema: { tags } },
    async (req) => {
      return { data: presentStaffSummary(await service.staffSummary(app.deps, caller(req))) };
    },
  );
};
