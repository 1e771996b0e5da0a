import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaCreateSchema, mediaParseSchema, mediaSearchSchema, uploadQuerySchema } from '@aula/domain/media';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { openMediaFile } from './media-files';
import { readSingleUpload } from './media-upload';
import { mediaBaseUrl, presentMedia } from './media.present';
import * as service from './media.service';

const params = z.object({ id: idParamSchema });
const tags = ['media'];

/** The media library of the activity builder (001 section 7: media upload, parse, create, search). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // limits are set per request (images and PDFs differ); one file at a time
  await app.register(multipart, { limits: { files: 1 } });
  const can = (action: 'view' | 'create' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'activity-builder', actions: [action] });

  app.post(
    '/media/upload',
    { preHandler: can('create'), schema: { tags, querystring: uploadQuerySchema } },
    async (req) => {
      const limit = service.uploadLimit(app.deps, req.query.kind);
      const file = await readSingleUpload(req, limit.bytes, limit.label);
      return {
        data: presentMedia(await service.uploadMedia(app.deps, caller(req), file, req.query), mediaBaseUrl(req)),
      };
    },
  );

  app.post('/media/parse', { preHandler: can('create'), schema: { tags, body: mediaParseSchema } }, async (req) => {
    const parsed = await service.parseMediaUrl(app.deps, req.body.url);
    return {
      data: { type: parsed.type, title: parsed.title, location: parsed.location, thumbnail: parsed.thumbnail },
    };
  });

  app.post('/media', { preHandler: can('create'), schema: { tags, body: mediaCreateSchema } }, async (req) => {
    return { data: presentMedia(await service.createMedia(app.deps, caller(req), req.body), mediaBaseUrl(req)) };
  });

  app.post(
    '/media/search',
    { preValidation: emptyBodyIsFilterless, preHandler: can('view'), schema: { tags, body: mediaSearchSchema } },
    async (req) => {
      const base = mediaBaseUrl(req);
      return presentPage(req.body, await service.searchMedia(app.deps, caller(req), req.body), (v) =>
        presentMedia(v, base),
      );
    },
  );

  app.get('/media/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => {
    return { data: presentMedia(await service.getMedia(app.deps, caller(req), req.params.id), mediaBaseUrl(req)) };
  });

  app.delete('/media/:id', { preHandler: can('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteMedia(app.deps, caller(req), req.params.id);
    return { data: { success: true as const } };
  });
};

/**
 * Stored files, without a bearer token (students' <img src>, the PDF viewer): the 128-bit random name is the key.
 * A name never changes content, so browsers and proxies may keep it for a year.
 */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/files/:name',
    { schema: { tags, params: z.object({ name: z.string().max(64) }) } },
    async (req, reply) => {
      const file = await openMediaFile(app.deps.config, req.params.name);
      if (!file) return reply.callNotFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.stream());
    },
  );
};
