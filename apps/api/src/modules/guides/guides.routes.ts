import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GUIDE_COVER_MAX_MB, GUIDE_FILE_MAX_MB, guideListSchema, guidesByActivitySchema } from '@aula/domain/guides';
import type { Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import { readUploadForm } from '../media/media-upload';
import { mediaBaseUrl } from '../media/media.present';
import { attachmentDisposition } from './guide-files';
import { presentGuide } from './guides.present';
import * as service from './guides.service';

const tags = ['guides'];
const params = z.object({ guide_id: idParamSchema });
const mb = (n: number) => ({ bytes: n * 1024 * 1024, label: `${n} MB` });
const CAPS = { file: mb(GUIDE_FILE_MAX_MB), cover: mb(GUIDE_COVER_MAX_MB) };
const readForm = (req: FastifyRequest) => readUploadForm(req, CAPS);

/**
 * Guides (docs/guides.md): guide-management lists, reads, creates (multipart: fields, file, optional cover),
 * updates and deletes them; anyone who may view activities reads an activity's guides and downloads their files.
 */
export const guideRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 2 } });
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'guide', actions: [action] });
  const present = (req: FastifyRequest) => {
    const base = mediaBaseUrl(req);
    return (v: service.GuideView) => presentGuide(v, base);
  };

  app.post(
    '/guides/list',
    { preValidation: emptyBodyIsFilterless, preHandler: may('view'), schema: { tags, body: guideListSchema } },
    async (req) => presentPage(req.body, await service.listGuides(app.deps, caller(req), req.body), present(req)),
  );

  // 001 'POST guides by activity_id': the activity details page, for anyone who may view the activity
  app.post(
    '/activities/guides',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'activity', actions: ['view'] }),
      schema: { tags, body: guidesByActivitySchema },
    },
    async (req) => ({
      data: (await service.listGuidesOfActivity(app.deps, caller(req), req.body.activity_id)).map(present(req)),
    }),
  );

  app.get('/guides/:guide_id', { preHandler: may('view'), schema: { tags, params } }, async (req) => ({
    data: present(req)(await service.getGuide(app.deps, caller(req), req.params.guide_id)),
  }));

  app.post('/guides', { preHandler: may('create'), schema: { tags } }, async (req) => ({
    data: present(req)(await service.createGuide(app.deps, caller(req), await readForm(req), req.ip)),
  }));

  const update = async (req: FastifyRequest, guideId: number) => ({
    data: present(req)(await service.updateGuide(app.deps, caller(req), guideId, await readForm(req), req.ip)),
  });
  // PUT and POST both update (the spec's update calls are POST; PUT is what a REST client expects)
  app.put('/guides/:guide_id', { preHandler: may('update'), schema: { tags, params } }, (req) =>
    update(req, req.params.guide_id),
  );
  app.post('/guides/:guide_id', { preHandler: may('update'), schema: { tags, params } }, (req) =>
    update(req, req.params.guide_id),
  );

  app.delete('/guides/:guide_id', { preHandler: may('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteGuide(app.deps, caller(req), req.params.guide_id, req.ip);
    return { data: { success: true as const } };
  });

  // the service checks guide view or activity view (a teacher downloads the guides of the activities it reads)
  app.get(
    '/guides/:guide_id/file',
    { preHandler: guard({ scope: 'dashboard' }), schema: { tags, params } },
    async (req, reply) => {
      const file = await service.openGuideDownload(app.deps, caller(req), req.params.guide_id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream());
    },
  );
};
