import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from '@aula/i18n/translate';
import { LtiLaunchRefused } from './lti-launch-refused';
import { completeLaunch, startLogin, type LoginInput } from './lti-launch.service';

// The LMS-facing LTI endpoints (issue 18 item 3; docs/lti.md): the OIDC login initiation (GET or POST) and the
// id_token form_post. Both answer the browser, not a script: a redirect, or a short page saying why Aula refused,
// which the platform's origin (when known) may frame so the message shows inside the course.

const MAX_FIELD = 16 * 1024;
const loginFields = z.object({
  iss: z.string().max(2048).optional(),
  login_hint: z.string().max(MAX_FIELD).optional(),
  target_link_uri: z.string().max(2048).optional(),
  lti_message_hint: z.string().max(MAX_FIELD).optional(),
  client_id: z.string().max(512).optional(),
  lti_deployment_id: z.string().max(512).optional(),
});
const launchFields = z.object({
  id_token: z
    .string()
    .max(64 * 1024)
    .optional(),
  state: z.string().max(512).optional(),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page of a refused launch: no script, no form; framed only by the launch's platform. */
function refusalPage(req: FastifyRequest, reply: FastifyReply, err: LtiLaunchRefused) {
  const title = translate(req.lang, 'lti.launch.refusedTitle');
  const message = translate(req.lang, `lti.launch.${err.key}`);
  const frame = err.frameOrigin;
  if (frame) reply.removeHeader('x-frame-options');
  return reply
    .status(err.status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${frame ?? "'none'"}`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${req.lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f1f1f;max-width:40rem}h1{font-size:1.4rem}</style>' +
        `</head><body><main><h1>${escapeHtml(title)}</h1><p role="alert" data-refusal="${escapeHtml(err.key)}">` +
        `${escapeHtml(message)}</p></main></body></html>`,
    );
}

export const ltiLaunchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  // the platform posts HTML forms (login initiation may, the id_token always does)
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 128 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const rateLimit = { max: config.LTI_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  const tags = ['lti'];

  const login = async (req: FastifyRequest, reply: FastifyReply, input: LoginInput) => {
    void reply.header('cache-control', 'no-store');
    try {
      return await reply.redirect(await startLogin(app.deps, input));
    } catch (err) {
      if (err instanceof LtiLaunchRefused) return refusalPage(req, reply, err);
      throw err;
    }
  };
  app.get(
    '/lti/login',
    { config: { rateLimit }, schema: { tags, summary: 'LTI 1.3 OIDC login initiation', querystring: loginFields } },
    (req, reply) => login(req, reply, req.query),
  );
  app.post(
    '/lti/login',
    { config: { rateLimit }, schema: { tags, summary: 'LTI 1.3 OIDC login initiation', body: loginFields } },
    (req, reply) => login(req, reply, req.body),
  );

  app.post(
    '/lti/launch',
    {
      config: { rateLimit },
      schema: { tags, summary: 'LTI 1.3 launch: the platform posts the id_token (form_post)', body: launchFields },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        const { redirect } = await completeLaunch(app.deps, { idToken: req.body.id_token, state: req.body.state });
        // 303: the app's return page is fetched with GET
        return await reply.redirect(redirect, 303);
      } catch (err) {
        if (err instanceof LtiLaunchRefused) return refusalPage(req, reply, err);
        throw err;
      }
    },
  );
};
