import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LTI_JWKS_MAX_AGE_SECONDS, ltiRotateSchema } from '@aula/domain/lti';
import type { Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless } from '../accounts/listing';
import { presentKey } from './lti.present';
import * as service from './lti-keys.service';

const tags = ['lti'];
const idParams = z.object({ id: idParamSchema });

/**
 * Aula's LTI signing keys (002 section 7, LTI keys: GET lists, catalog, one, toggle-active; POST create; DELETE;
 * plus rotate). Resource 'lti': super admins and multi-domain staff with lti-management.
 */
export const ltiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'lti', actions: [action] });

  app.get('/lti/keys', { preHandler: may('view'), schema: { tags } }, async () => {
    const now = new Date();
    return { data: (await service.listKeys(app.deps)).map((k) => presentKey(k, now)) };
  });

  app.get('/lti/keys/catalog', { preHandler: may('view'), schema: { tags } }, async () => {
    const now = new Date();
    return {
      data: (await service.listKeys(app.deps)).map((k) => ({ id: k.id, name: k.kid, state: presentKey(k, now).state })),
    };
  });

  app.get('/lti/keys/:id', { preHandler: may('view'), schema: { tags, params: idParams } }, async (req) => ({
    data: presentKey(await service.getKey(app.deps, req.params.id)),
  }));

  app.post('/lti/keys', { preHandler: may('create'), schema: { tags } }, async (req) => ({
    data: presentKey(await service.createKey(app.deps, caller(req), req.ip)),
  }));

  app.post(
    '/lti/keys/rotate',
    { preValidation: emptyBodyIsFilterless, preHandler: may('update'), schema: { tags, body: ltiRotateSchema } },
    async (req) => ({ data: presentKey(await service.rotateKeys(app.deps, caller(req), req.body, req.ip)) }),
  );

  app.get(
    '/lti/keys/:id/toggle-active',
    { preHandler: may('update'), schema: { tags, params: idParams } },
    async (req) => ({ data: presentKey(await service.toggleKey(app.deps, caller(req), req.params.id, req.ip)) }),
  );

  app.delete('/lti/keys/:id', { preHandler: may('delete'), schema: { tags, params: idParams } }, async (req) => {
    await service.deleteKey(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });
};

/**
 * The public JWKS platforms verify Aula's JWTs with (no auth). One fixed URL, plus the well-known alias. Short
 * cache: a new key is published an hour before it signs, far longer than max-age.
 */
export const ltiJwksRoutes: FastifyPluginAsyncZod = async (app) => {
  const handler = async (_req: unknown, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', `public, max-age=${LTI_JWKS_MAX_AGE_SECONDS}`);
    reply.header('content-type', 'application/jwk-set+json; charset=utf-8');
    return service.publicJwks(app.deps);
  };
  app.get('/lti/jwks', { schema: { tags } }, handler);
  app.get('/.well-known/jwks.json', { schema: { tags } }, handler);
};
