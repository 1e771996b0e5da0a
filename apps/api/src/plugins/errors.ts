import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ConflictError, DomainError, ValidationError, type MessageRef } from '../lib/errors';
import { translate } from '@aula/i18n/translate';
import { hasValidationErrors, zodIssuesToFieldErrors } from '../lib/zod-errors';
import { sendNotFoundHtml, wantsHtml } from '../lib/not-found-page';

function t(req: FastifyRequest, ref: MessageRef): string {
  const params: Record<string, unknown> = { ...ref.params };
  // {{field}} is a field key; show its translated label
  if (typeof params.field === 'string')
    params.field = translate(req.lang, `fields.${params.field}`, { defaultValue: params.field });
  const msg = translate(req.lang, ref.key, params);
  // '{field} must be at least ...' starts with a lower-case label; a message is a sentence. Other values a message
  // starts with (a file name: '{file} is not a {type} file!') are shown as they are.
  if (typeof params.field !== 'string' || !params.field || !msg.startsWith(params.field)) return msg;
  return msg.charAt(0).toUpperCase() + msg.slice(1);
}

function sendValidation(req: FastifyRequest, reply: FastifyReply, err: ValidationError) {
  const errors: Record<string, string[]> = {};
  for (const [field, refs] of Object.entries(err.fieldErrors)) {
    errors[field] = refs.map((r) => t(req, { key: r.key, params: { field, ...r.params } }));
  }
  return reply.status(422).send(err.hasMessage ? { message: t(req, err.ref), errors } : { errors });
}

/**
 * One error handler for the whole API (DESIGN.md 4): domain errors map to 401/403/404/409/422/429, request
 * validation failures to 422 with per-field messages, malformed bodies to 400; anything else is a logged 500
 * that reveals nothing. A 404 to a browser's page load (Accept: text/html) is the apps' page-not-found page.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof ValidationError) return sendValidation(req, reply, error);
    if (error instanceof ConflictError && error.problems.length > 0) {
      return reply.status(409).send({ message: t(req, error.ref), problems: error.problems.map((p) => t(req, p)) });
    }
    if (error instanceof DomainError) {
      if (error.status === 404 && wantsHtml(req)) return sendNotFoundHtml(req, reply, app.deps.config);
      return reply.status(error.status).send({ message: t(req, error.ref) });
    }
    if (hasValidationErrors(error)) {
      return sendValidation(req, reply, new ValidationError(zodIssuesToFieldErrors(error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: t(req, { key: 'auth.tooManyAttempts' }) });
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, body too large, ...
      return reply.status(status).send({ message: t(req, { key: 'errors.invalidBody' }) });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: t(req, { key: 'errors.internal' }) });
  });

  // a browser following a link to an API address that does not exist gets the page-not-found page; calls get JSON
  app.setNotFoundHandler((req, reply) =>
    wantsHtml(req)
      ? sendNotFoundHtml(req, reply, app.deps.config)
      : reply.status(404).send({ message: t(req, { key: 'errors.notFound' }) }),
  );
});
