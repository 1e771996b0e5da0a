import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller, guard } from '../../../plugins/auth';
import { DEFAULT_ROSTER_ZIP_LIMITS } from '../csv/zip-archive';
import { receiveRosterZip } from './validation-upload';
import { reportFilename, validateRosterZip, validationCsv } from './validation.service';

const tags = ['rostering'];

/**
 * The OneRoster validation screen (002 section 7: POST validation download; issue 16 item 10): upload a zip, get the
 * report without importing. Validation writes nothing, so viewing OneRoster is enough (account admins have view
 * only; school admins and teachers have no OneRoster access). docs/rostering.md.
 */
export const rosterValidationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 1 } });
  const may = guard({ scope: 'dashboard', resource: 'one-roster', actions: ['view'] });
  const maxBytes = DEFAULT_ROSTER_ZIP_LIMITS.maxArchiveBytes;

  app.post('/roster/validation', { preHandler: may, schema: { tags } }, async (req) => {
    const upload = await receiveRosterZip(req, maxBytes);
    return { data: await validateRosterZip(app.deps, caller(req), upload) };
  });

  app.post('/roster/validation/download', { preHandler: may, schema: { tags } }, async (req, reply) => {
    const upload = await receiveRosterZip(req, maxBytes);
    const report = await validateRosterZip(app.deps, caller(req), upload);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${reportFilename(upload.filename)}"`)
      .send(validationCsv(report.errors));
  });
};
