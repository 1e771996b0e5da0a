import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationCreateSchema, organizationUpdateSchema } from '@aula/domain/organizations';
import { idParamSchema, organizationListSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './organizations.service';
import { presentOrganization } from './organizations.present';
import { organizationSummaryRoutes } from './organization-summary';

const tags = ['organizations'];
const params = z.object({ id: idParamSchema });
// Create and update are checked in the service (canManageOrganizations): 'organization' create/update, or update on
// the account the school belongs to.
const signedIn = guard({ scope: 'dashboard' });

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

  app.post(
    '/organizations',
    { preHandler: signedIn, schema: { tags, body: organizationCreateSchema } },
    async (req) => ({
      data: presentOrganization(await service.createOrganization(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.get(
    '/organizations/:id',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'organization', actions: ['view'] }),
      schema: { tags, params },
    },
    async (req) => ({ data: presentOrganization(await service.getOrganization(app.deps, caller(req), req.params.id)) }),
  );

  app.put(
    '/organizations/:id',
    { preHandler: signedIn, schema: { tags, params, body: organizationUpdateSchema } },
    async (req) => ({
      data: presentOrganization(
        await service.updateOrganization(app.deps, caller(req), req.params.id, req.body, req.ip),
      ),
    }),
  );

  await app.register(organizationSummaryRoutes);
};
