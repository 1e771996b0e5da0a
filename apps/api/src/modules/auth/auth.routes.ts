import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  loginFormSchema,
  resetPasswordSchema,
  resetRequestSchema,
  SIGN_IN_BUTTON_PROVIDERS,
  userSettingsPatchSchema,
  type SessionScope,
} from '@aula/domain/auth';
import { translate } from '@aula/i18n/translate';
import { caller, guard } from '../../plugins/auth';
import * as service from './auth.service';
import { listSignInProviders } from './sso.service';
import { presentMyInfo, presentOauthConnection } from './auth.present';

const okSchema = z.object({ data: z.object({ success: z.literal(true), message: z.string().optional() }) });

/** Sign-in, session and self-service routes; mounted once per app: /dashboard and /student. */
export function authRoutes(scope: SessionScope): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = {
      max: app.deps.config.AUTH_RATE_LIMIT_MAX,
      timeWindow: app.deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      hook: 'preHandler' as const,
      // per address and login, so one attacker cannot lock a whole school's shared address out
      keyGenerator: (req: { ip: string; body?: unknown }) => {
        const body = req.body as { login?: unknown; email?: unknown } | undefined;
        const who = typeof body?.login === 'string' ? body.login : typeof body?.email === 'string' ? body.email : '';
        return `${req.ip}|${who.trim().toLowerCase()}`;
      },
    };
    const signedIn = guard({ scope });

    app.post(
      '/auth/form',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with login and password',
          body: loginFormSchema,
          response: { 200: z.object({ data: z.object({ token: z.string(), expires_at: z.string() }) }) },
        },
      },
      async (req) => {
        const { token, expiresAt } = await service.signIn(app.deps, {
          ...req.body,
          scope,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        });
        return { data: { token, expires_at: expiresAt.toISOString() } };
      },
    );

    app.post(
      '/auth/logout',
      { preHandler: signedIn, schema: { tags: ['auth'], response: { 200: okSchema } } },
      async (req) => {
        await service.signOut(app.deps, caller(req));
        return { data: { success: true as const } };
      },
    );

    app.get(
      '/my',
      {
        preHandler: signedIn,
        schema: { tags: ['auth'], summary: 'The signed-in user, settings, actions, permissions, classes' },
      },
      async (req) => {
        return { data: presentMyInfo(await service.getMyInfo(app.deps, caller(req))) };
      },
    );

    app.patch(
      '/settings/password',
      { preHandler: signedIn, schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: okSchema } } },
      async (req) => {
        await service.changePassword(app.deps, caller(req), req.body, req.ip);
        return { data: { success: true as const, message: translate(req.lang, 'auth.passwordUpdated') } };
      },
    );

    app.patch(
      '/settings',
      { preHandler: signedIn, schema: { tags: ['auth'], body: userSettingsPatchSchema, response: { 200: okSchema } } },
      async (req) => {
        await service.updateMySettings(app.deps, caller(req), req.body);
        return { data: { success: true as const } };
      },
    );

    app.post(
      '/reset-password',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Step one: email a reset link',
          body: resetRequestSchema,
          response: { 200: okSchema },
        },
      },
      async (req) => {
        await service.requestPasswordReset(app.deps, req.body.email, req.lang, req.ip);
        return { data: { success: true as const, message: translate(req.lang, 'auth.resetRequested') } };
      },
    );

    app.post(
      '/reset-password/:token',
      {
        config: { rateLimit: { ...rateLimit, keyGenerator: (req: { ip: string }) => req.ip } },
        schema: {
          tags: ['auth'],
          summary: 'Step two: is the reset link still valid?',
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: z.object({ data: z.object({ valid: z.literal(true), email: z.string().nullable() }) }) },
        },
      },
      async (req) => {
        const { email } = await service.validateResetToken(app.deps, req.params.token);
        return { data: { valid: true as const, email } };
      },
    );

    app.put(
      '/reset-password',
      {
        config: { rateLimit: { ...rateLimit, keyGenerator: (req: { ip: string }) => req.ip } },
        schema: {
          tags: ['auth'],
          summary: 'Step three: set the new password',
          body: resetPasswordSchema,
          response: { 200: okSchema },
        },
      },
      async (req) => {
        await service.resetPassword(app.deps, req.body, req.ip);
        return { data: { success: true as const, message: translate(req.lang, 'auth.passwordUpdated') } };
      },
    );

    // public: the sign-in page asks which 'Or continue with' buttons to show (none until a district turns one on)
    app.get(
      '/auth/sign-in-providers',
      {
        schema: {
          tags: ['auth'],
          summary: 'The single sign-on providers the sign-in page offers',
          response: {
            200: z.object({
              data: z.array(z.object({ code: z.number(), provider: z.enum(SIGN_IN_BUTTON_PROVIDERS) })),
            }),
          },
        },
      },
      async (_req, reply) => {
        void reply.header('cache-control', 'no-store');
        return { data: await listSignInProviders(app.deps) };
      },
    );

    app.get('/auth/get-oauth-connections', { preHandler: signedIn, schema: { tags: ['auth'] } }, async (req) => {
      const rows = await service.listMyOauthConnections(app.deps, caller(req));
      return { data: rows.map(presentOauthConnection) };
    });

    app.delete(
      '/settings/oauth',
      {
        preHandler: signedIn,
        schema: {
          tags: ['auth'],
          body: z.object({ login_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
          response: { 200: okSchema },
        },
      },
      async (req) => {
        await service.disconnectOauth(app.deps, caller(req), req.body.login_type, req.ip);
        return { data: { success: true as const } };
      },
    );
  };
}
