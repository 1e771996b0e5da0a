import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@aula/i18n/translate';
import type { Resource } from '@aula/domain/permissions';
import {
  DOMAIN_SSO_PROVIDERS,
  ssoConfigSaveSchema,
  ssoConfigTestSchema,
  ssoProviderSchema,
  type SsoConnectionTestResult,
} from '@aula/domain/sso';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless } from '../accounts/listing';
import { presentSsoConfig } from './sso-configs.present';
import * as service from './sso-configs.service';

const tags = ['sso'];

/**
 * SSO provider settings (issue 17 item 6), for a district under /accounts/:id/sso-configs and for a domain's Google
 * under /domains/:id/sso-configs. A district's are guarded like its other technology settings (resource account:
 * view to read, update to change; docs/decisions/0002); a domain's by resource domain (provider staff).
 */
export const ssoConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const owners: { kind: 'account' | 'domain'; path: string; resource: Resource }[] = [
    { kind: 'account', path: '/accounts/:id/sso-configs', resource: 'account' },
    { kind: 'domain', path: '/domains/:id/sso-configs', resource: 'domain' },
  ];
  for (const { kind, path, resource } of owners) {
    const may = (action: 'view' | 'update') => guard({ scope: 'dashboard', resource, actions: ['view', action] });
    const params = z.object({ id: idParamSchema });
    const withProvider = z.object({
      id: idParamSchema,
      provider: kind === 'domain' ? z.enum(DOMAIN_SSO_PROVIDERS, { error: 'validation.select' }) : ssoProviderSchema,
    });
    const ref = (id: number) => ({ kind, id });

    app.get(path, { preHandler: may('view'), schema: { tags, params } }, async (req) => ({
      data: (await service.listConfigs(app.deps, caller(req), ref(req.params.id))).map(presentSsoConfig),
    }));

    app.get(`${path}/:provider`, { preHandler: may('view'), schema: { tags, params: withProvider } }, async (req) => ({
      data: presentSsoConfig(await service.getConfig(app.deps, caller(req), ref(req.params.id), req.params.provider)),
    }));

    app.put(
      `${path}/:provider`,
      { preHandler: may('update'), schema: { tags, params: withProvider, body: ssoConfigSaveSchema } },
      async (req) => ({
        data: presentSsoConfig(
          await service.saveConfig(app.deps, caller(req), ref(req.params.id), req.params.provider, req.body, req.ip),
        ),
      }),
    );

    app.delete(
      `${path}/:provider`,
      { preHandler: may('update'), schema: { tags, params: withProvider } },
      async (req) => {
        await service.deleteConfig(app.deps, caller(req), ref(req.params.id), req.params.provider, req.ip);
        return { data: { success: true as const } };
      },
    );

    app.post(
      `${path}/:provider/test-connection`,
      {
        preValidation: emptyBodyIsFilterless,
        preHandler: may('update'),
        schema: { tags, params: withProvider, body: ssoConfigTestSchema },
      },
      async (req): Promise<{ data: SsoConnectionTestResult }> => {
        const out = await service.testConnection(
          app.deps,
          caller(req),
          ref(req.params.id),
          req.params.provider,
          req.body,
        );
        return {
          data: {
            ok: out.ok,
            message: out.error ? translate(req.lang, out.error.key, out.error.params) : null,
            discovered: out.discovered,
            client: out.client,
            authorization_endpoint: out.authorizationEndpoint,
          },
        };
      },
    );
  }
};
