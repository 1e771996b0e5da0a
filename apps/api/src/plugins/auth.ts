import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { can, type Action, type Resource } from '@aula/domain/permissions';
import { pickServerLanguage, type LanguageCode } from '@aula/domain/languages';
import type { SessionScope } from '@aula/domain/auth';
import type { AuthContext } from '../lib/auth-context';
import type { Deps } from '../lib/deps';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors';
import { authenticate } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    lang: LanguageCode;
    auth: AuthContext | null;
  }
}

export interface GuardOptions {
  /** Which app's sessions may call this route. */
  scope: SessionScope;
  /** Permission check: the caller's policy must grant every action on the resource (default view). */
  resource?: Resource;
  actions?: Action[];
}

/** Verifies the bearer token, the session's app and, when asked, the permission. Routes list it as a preHandler. */
export function guard(opts: GuardOptions): preHandlerAsyncHookHandler {
  return async function guardHandler(req: FastifyRequest, _reply: FastifyReply) {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const auth = token ? await authenticate(req.server.deps, token) : undefined;
    if (!auth || auth.scope !== opts.scope) throw new UnauthenticatedError();
    req.auth = auth;
    if (opts.resource && !can(auth.policy, opts.resource, opts.actions ?? 'view')) throw new ForbiddenError();
  };
}

/** The caller of a guarded route (the guard has already refused anyone else). */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new UnauthenticatedError();
  return req.auth;
}

export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.lang = pickServerLanguage(req.headers['accept-language']);
  });
});
