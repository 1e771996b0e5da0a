import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationListSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './organizations.service';
import { presentOrganization } from './organizations.present';

const tags = ['organizations'];

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/organizations/all',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: guard({ scope: 'dashboard', resource: 'organization', actions: ['view'] }),
      schema: { tags, body: organizationListSchema },
    },
    async (req) =>
      presentPage(req.body, await service.listOrganizations(app.deps, caller(req), req.body), presentOrganization),
  );

  // Any staff caller may list the schools they belong to (teachers included: it is their own membership).
  app.post(
    '/organizations/my',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: guard({ scope: 'dashboard' }),
      schema: { tags, body: organizationListSchema },
    },
    async (req) =>
      presentPage(req.body, await service.listMyOrganizations(app.deps, caller(req), req.body), presentOrganization),
  );
};
