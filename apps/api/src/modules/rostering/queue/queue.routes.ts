import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '@aula/domain/permissions';
import {
  ROSTER_ADDITIONAL_FIELDS,
  rosterCustomUsersCreateSchema,
  rosterFailedImportsRequestSchema,
  rosterHistoryRequestSchema,
  rosterLogRequestSchema,
  rosterPossibleEntitiesRequestSchema,
  rosterQueueIdParamSchema,
  rosterQueueStatusRequestSchema,
  rosterReviewRequestSchema,
  rosterStatusUpdateSchema,
} from '@aula/domain/roster-queue';
import { caller, guard } from '../../../plugins/auth';
import { ValidationError } from '../../../lib/errors';
import { emptyBodyIsFilterless, presentPage } from '../../accounts/listing';
import { presentChange, presentLog, presentQueueItem } from './queue.present';
import { saveRosterUpload } from './roster-upload';
import * as service from './queue.service';

const tags = ['rostering'];
const params = rosterQueueIdParamSchema;
const pageSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * The roster queue calls of 002 section 7 (Rostering), under /dashboard/roster. Reads need one-roster view
 * (roster-history-view), changes one-roster update or create (roster-management); school admins have neither.
 */
export const rosterQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { files: 1 } });
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'one-roster', actions: [action] });
  const list = { preValidation: emptyBodyIsFilterless };

  app.post(
    '/roster/queue/status',
    { ...list, preHandler: may('view'), schema: { tags, body: rosterQueueStatusRequestSchema } },
    async (req) => {
      const row = await service.queueStatus(app.deps, caller(req), req.body.scope?.account_id);
      return { data: row ? presentQueueItem(row) : null };
    },
  );

  app.post(
    '/roster/history',
    { ...list, preHandler: may('view'), schema: { tags, body: rosterHistoryRequestSchema } },
    async (req) => {
      const b = req.body;
      const res = await service.history(app.deps, caller(req), { ...b, accountId: b.scope?.account_id });
      return presentPage(b, res, presentQueueItem);
    },
  );

  app.post(
    '/roster/failed-imports',
    { ...list, preHandler: may('view'), schema: { tags, body: rosterFailedImportsRequestSchema } },
    async (req) => {
      const rows = await service.failedImports(app.deps, caller(req), req.body.scope?.account_id, req.body.limit);
      return { data: rows.map(presentQueueItem) };
    },
  );

  app.get('/roster/queue/:queue_id', { preHandler: may('view'), schema: { tags, params } }, async (req) => ({
    data: presentQueueItem(await service.getItem(app.deps, caller(req), req.params.queue_id)),
  }));

  app.put(
    '/roster/queue/:queue_id',
    { preHandler: may('update'), schema: { tags, params, body: rosterStatusUpdateSchema } },
    async (req) => ({
      data: presentQueueItem(await service.changeStatus(app.deps, caller(req), req.params.queue_id, req.body.status)),
    }),
  );

  app.post('/roster/queue/:queue_id/refresh', { preHandler: may('update'), schema: { tags, params } }, async (req) => ({
    data: presentQueueItem(await service.refreshStaged(app.deps, caller(req), req.params.queue_id)),
  }));

  app.post(
    '/roster/queue/:queue_id/log',
    { ...list, preHandler: may('view'), schema: { tags, params, body: rosterLogRequestSchema } },
    async (req) =>
      presentPage(req.body, await service.logs(app.deps, caller(req), req.params.queue_id, req.body), presentLog),
  );

  app.post(
    '/roster/queue/:queue_id/log/summary',
    { preHandler: may('view'), schema: { tags, params } },
    async (req) => {
      const { item, rows } = await service.logSummary(app.deps, caller(req), req.params.queue_id);
      return { data: { item: presentQueueItem(item), counts: rows } };
    },
  );

  app.post(
    '/roster/queue/:queue_id/log/messages',
    { ...list, preHandler: may('view'), schema: { tags, params, body: pageSchema } },
    async (req) =>
      presentPage(req.body, await service.logMessages(app.deps, caller(req), req.params.queue_id, req.body), (r) => r),
  );

  app.get('/roster/queue/:queue_id/zip', { preHandler: may('view'), schema: { tags, params } }, async (req, reply) => {
    const file = await service.zipFile(app.deps, caller(req), req.params.queue_id);
    const safe = file.name.replace(/[^\w.-]/g, '_');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${safe}"`)
      .send(createReadStream(file.absolute));
  });

  app.post(
    '/roster/review',
    { preHandler: may('view'), schema: { tags, body: rosterReviewRequestSchema } },
    async (req) => {
      const b = req.body;
      const res = await service.reviewData(app.deps, caller(req), b.scope.queue_id, { ...b, entity: b.entity_type });
      return presentPage(b, res, presentChange);
    },
  );

  app.post(
    '/roster/possible-entities',
    { preHandler: may('view'), schema: { tags, body: rosterPossibleEntitiesRequestSchema } },
    async (req) => {
      const b = req.body;
      return presentPage(b, await service.possibleEntities(app.deps, caller(req), b.scope.queueId, b), presentChange);
    },
  );

  app.post('/roster/import', { preHandler: may('create'), schema: { tags } }, async (req) => {
    const upload = await saveRosterUpload(req, app.deps.config.DATA_DIR);
    try {
      const raw = upload.fields.account_id ?? upload.fields['scope[account_id]'];
      const accountId = raw === undefined || raw === '' ? undefined : Number(raw);
      if (accountId !== undefined && (!Number.isInteger(accountId) || accountId <= 0))
        throw ValidationError.field('account_id', 'validation.invalidValue');
      const row = await service.runImport(app.deps, caller(req), accountId, {
        relativePath: upload.relativePath,
        name: upload.name,
      });
      return { data: presentQueueItem(row) };
    } catch (err) {
      await rm(upload.absolutePath, { force: true });
      throw err;
    }
  });

  app.get('/roster/additional-fields', { preHandler: may('view'), schema: { tags } }, async () => ({
    data: ROSTER_ADDITIONAL_FIELDS,
  }));

  app.post(
    '/roster/custom-users',
    { preHandler: may('create'), schema: { tags, body: rosterCustomUsersCreateSchema } },
    async (req) => {
      const row = await service.createCustomUsers(app.deps, caller(req), req.body.scope.account_id, req.body.users);
      return { data: presentQueueItem(row) };
    },
  );

  app.post(
    '/roster/custom-users/status',
    { preHandler: may('view'), schema: { tags, body: z.object({ queue_id: z.coerce.number().int().positive() }) } },
    async (req) => ({ data: presentQueueItem(await service.getItem(app.deps, caller(req), req.body.queue_id)) }),
  );
};
