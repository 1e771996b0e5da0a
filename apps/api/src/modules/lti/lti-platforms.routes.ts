import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ltiDeploymentListSchema, ltiDeploymentSaveSchema, ltiPlatformSaveSchema } from '@aula/domain/lti';
import { can, type Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { ForbiddenError } from '../../lib/errors';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { presentDeployment, presentPlatform } from './lti.present';
import * as service from './lti-platforms.service';

const tags = ['lti'];
const idParams = z.object({ id: idParamSchema });

/**
 * LTI platforms and deployments (002 section 7: GET lists, catalogs, one and toggle-active; POST or PUT create and
 * edit, the deployments list is POST; DELETE). Platforms are resource 'lti' (provider staff); deployments
 * 'lti-deployment' (also domain admins, within their domain). The platform catalog serves both, since a
 * deployment names its platform.
 */
export const ltiPlatformRoutes: FastifyPluginAsyncZod = async (app) => {
  const platforms = (action: Action) => guard({ scope: 'dashboard', resource: 'lti', actions: [action] });
  const deployments = (action: Action) => guard({ scope: 'dashboard', resource: 'lti-deployment', actions: [action] });

  app.get('/lti/platforms', { preHandler: platforms('view'), schema: { tags } }, async () => ({
    data: (await service.listPlatforms(app.deps)).map(presentPlatform),
  }));

  app.get('/lti/platforms/catalog', { preHandler: guard({ scope: 'dashboard' }), schema: { tags } }, async (req) => {
    const { policy } = caller(req);
    if (!can(policy, 'lti') && !can(policy, 'lti-deployment')) throw new ForbiddenError();
    return {
      data: (await service.listPlatforms(app.deps)).map(({ platform }) => ({ id: platform.id, name: platform.name })),
    };
  });

  app.get('/lti/platforms/:id', { preHandler: platforms('view'), schema: { tags, params: idParams } }, async (req) => ({
    data: presentPlatform(await service.getPlatform(app.deps, req.params.id)),
  }));

  app.post(
    '/lti/platforms',
    { preHandler: platforms('create'), schema: { tags, body: ltiPlatformSaveSchema } },
    async (req) => ({ data: presentPlatform(await service.createPlatform(app.deps, caller(req), req.body, req.ip)) }),
  );

  app.put(
    '/lti/platforms/:id',
    { preHandler: platforms('update'), schema: { tags, params: idParams, body: ltiPlatformSaveSchema } },
    async (req) => ({
      data: presentPlatform(await service.updatePlatform(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.delete(
    '/lti/platforms/:id',
    { preHandler: platforms('delete'), schema: { tags, params: idParams } },
    async (req) => {
      await service.deletePlatform(app.deps, caller(req), req.params.id, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/lti/deployments/list',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: deployments('view'),
      schema: { tags, body: ltiDeploymentListSchema },
    },
    async (req) =>
      presentPage(req.body, await service.listDeployments(app.deps, caller(req), req.body), presentDeployment),
  );

  app.get('/lti/deployments/catalog', { preHandler: deployments('view'), schema: { tags } }, async (req) => {
    const page = await service.listDeployments(app.deps, caller(req), { page: 1, per_page: 100 });
    return {
      data: page.rows.map(({ deployment, platform, accountName }) => ({
        id: deployment.id,
        name: `${platform.name} · ${deployment.name || deployment.deploymentId} (${accountName})`,
        is_active: deployment.isActive,
      })),
    };
  });

  app.get(
    '/lti/deployments/:id',
    { preHandler: deployments('view'), schema: { tags, params: idParams } },
    async (req) => ({
      data: presentDeployment(await service.getDeployment(app.deps, caller(req), req.params.id)),
    }),
  );

  app.post(
    '/lti/deployments',
    { preHandler: deployments('create'), schema: { tags, body: ltiDeploymentSaveSchema } },
    async (req) => ({
      data: presentDeployment(await service.createDeployment(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.put(
    '/lti/deployments/:id',
    { preHandler: deployments('update'), schema: { tags, params: idParams, body: ltiDeploymentSaveSchema } },
    async (req) => ({
      data: presentDeployment(await service.updateDeployment(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.get(
    '/lti/deployments/:id/toggle-active',
    { preHandler: deployments('update'), schema: { tags, params: idParams } },
    async (req) => ({
      data: presentDeployment(await service.toggleDeployment(app.deps, caller(req), req.params.id, req.ip)),
    }),
  );

  app.delete(
    '/lti/deployments/:id',
    { preHandler: deployments('delete'), schema: { tags, params: idParams } },
    async (req) => {
      await service.deleteDeployment(app.deps, caller(req), req.params.id, req.ip);
      return { data: { success: true as const } };
    },
  );
};
