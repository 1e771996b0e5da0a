import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { domainInputSchema, domainListSchema, idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './domains.service';
import { presentDomain } from './domains.present';

const params = z.object({ id: idParamSchema });
const tags = ['domains'];

export const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'create' | 'update') =>
    guard({ scope: 'dashboard', resource: 'domain', actions: [action] });
  // "my" calls describe the caller's own domain(s), which every staff user may know
  const signedIn = guard({ scope: 'dashboard' });

  app.post(
    '/domains/list',
    { preValidation: emptyBodyIsFilterless, preHandler: can('view'), schema: { tags, body: domainListSchema } },
    async (req) => {
      return presentPage(req.body, await service.listDomains(app.deps, caller(req), req.body), presentDomain);
    },
  );

  app.get('/domains/my', { preHandler: signedIn, schema: { tags } }, async (req) => {
    const row = await service.getMyDomain(app.deps, caller(req));
    return { data: row ? presentDomain(row) : null };
  });

  app.get('/domains/my-list', { preHandler: signedIn, schema: { tags } }, async (req) => {
    return { data: (await service.listMyDomains(app.deps, caller(req))).map(presentDomain) };
  });

  app.get('/domains/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => {
    return { data: presentDomain(await service.getDomain(app.deps, caller(req), req.params.id)) };
  });

  app.post('/domains', { preHandler: can('create'), schema: { tags, body: domainInputSchema } }, async (req) => {
    return { data: presentDomain(await service.createDomain(app.deps, caller(req), req.body, req.ip)) };
  });

  app.put(
    '/domains/:id',
    { preHandler: can('update'), schema: { tags, params, body: domainInputSchema } },
    async (req) => {
      return {
        data: presentDomain(await service.updateDomain(app.deps, caller(req), req.params.id, req.body, req.ip)),
      };
    },
  );
};
