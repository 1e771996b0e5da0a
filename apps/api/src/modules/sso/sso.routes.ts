import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SSO_SCOPES, type SessionScope } from '@aula/domain/auth';
import { translate } from '@aula/i18n/translate';
import { DomainError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { authenticate } from '../auth/auth.service';
import { LTI_PROVIDER_CODE, redeemHandoff } from '../lti/lti-launch.service';
import { connectIdentity } from './sso-connect.service';
import { completeSignIn, DistrictRequiredError, startSignIn } from './sso.service';

const codeParams = z.object({ provider: z.coerce.number().int().min(1).max(4) });

/** POST /{app}/auth/oauth/{provider}: the callback page hands over the provider's query (001 section 7). */
export function ssoCallbackRoutes(scope: SessionScope): FastifyPluginAsyncZod {
  return async (app) => {
    const { config } = app.deps;
    // an LTI launch's handoff (provider 3) has its own, larger allowance: a whole class launches from one network
    const isLti = (req: FastifyRequest) => /\/auth\/oauth\/3(?:[/?]|$)/.test(req.url);
    const rateLimit = {
      max: (req: FastifyRequest) => (isLti(req) ? config.LTI_RATE_LIMIT_MAX : config.AUTH_RATE_LIMIT_MAX),
      keyGenerator: (req: FastifyRequest) => `${req.ip}:${isLti(req) ? 'lti' : 'sso'}`,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    };
    app.post(
      '/auth/oauth/:provider',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Single sign-on callback: exchange the code and sign in',
          params: codeParams,
          body: z.record(z.string(), z.string().max(4096)).default({}),
        },
      },
      async (req) => {
        if (req.params.provider === LTI_PROVIDER_CODE) {
          // an LTI launch's one-time handoff (the launch itself came through POST /lti/launch)
          const lti = await redeemHandoff(app.deps, {
            scope,
            hash: req.body.hash,
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? null,
          });
          if (!lti) throw ValidationError.field('sso', 'lti.launch.handoffInvalid', {}, true);
          return { data: lti };
        }
        const result = await completeSignIn(app.deps, {
          code: req.params.provider,
          scope,
          query: req.body,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        });
        return { data: result };
      },
    );
  };
}

async function anyScopeCaller(req: FastifyRequest) {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const auth = token ? await authenticate(req.server.deps, token) : undefined;
  if (!auth) throw new UnauthenticatedError();
  return auth;
}

/** Public: GET /oauth/{provider} starts a sign-in (the sign-in page's buttons); the connect step. */
export const ssoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  app.get(
    '/oauth/:provider',
    {
      config: {
        rateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
      },
      schema: {
        tags: ['auth'],
        summary: 'Start a single sign-on: redirects to the provider',
        params: codeParams,
        querystring: z.object({
          scope: z.enum(SSO_SCOPES).default('dashboard'),
          district: z.string().trim().max(100).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { provider: code } = req.params;
      const { scope, district } = req.query;
      const base = scope === 'student' ? config.PUBLIC_STUDENT_URL : config.PUBLIC_DASHBOARD_URL;
      void reply.header('cache-control', 'no-store');
      try {
        return await reply.redirect(await startSignIn(app.deps, { code, scope, district: district || undefined }));
      } catch (err) {
        if (err instanceof DistrictRequiredError) {
          return reply.redirect(`${base}/sign-in?${new URLSearchParams({ sso_district: String(code) }).toString()}`);
        }
        if (!(err instanceof DomainError) || err.status === 404) throw err;
        const query = new URLSearchParams({
          status: 'fail',
          type: String(code),
          scope,
          message: translate(req.lang, err.ref.key, err.ref.params),
        });
        return reply.redirect(`${base}/oauth/${code}?${query.toString()}`);
      }
    },
  );

  app.get(
    '/oauth/:provider/connect',
    {
      schema: {
        tags: ['auth'],
        summary: 'Connect the single sign-on identity of a sign-in that found no user to the signed-in user',
        params: codeParams,
        querystring: z.object({ hash: z.string().min(1).max(200) }),
      },
    },
    async (req) => {
      const auth = await anyScopeCaller(req);
      const { provider } = await connectIdentity(app.deps, auth, {
        code: req.params.provider,
        hash: req.query.hash,
        ip: req.ip,
      });
      return { data: { success: true as const, login_type: provider } };
    },
  );
};
