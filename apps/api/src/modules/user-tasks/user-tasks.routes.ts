import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, paginationSchema, USER_TASK_STATUSES, USER_TASK_TYPES } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { presentUserTask } from './user-tasks.present';
import * as service from './user-tasks.service';

const userTaskSchema = z.object({
  id: z.number(),
  type: z.string(),
  status: z.string(),
  user_id: z.number(),
  account_id: z.number().nullable(),
  payload: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  attempts: z.number(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

// RFC 6266: a plain ASCII fallback plus the exact UTF-8 name.
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * User tasks (002 section 7 "Reports": create, list, active, download). Every call is about the caller's own tasks:
 * a task is a personal request whose file may hold data the requester alone was scoped to, so even account admins
 * see only theirs (another user's task answers 404). Permission: the 'user-task' resource, which the bundles grant
 * as view to domain, account and school admins (and fully to super admins); requesting a task needs no more than
 * that, since the spec gives those admins the report requests but no "create" on the resource.
 */
export const userTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed = guard({ scope: 'dashboard', resource: 'user-task' });

  app.post(
    '/user-tasks/create',
    {
      preHandler: allowed,
      schema: {
        tags: ['user-tasks'],
        summary: 'Queue a user task (create-user-activity-report is available)',
        body: z.object({
          type: z.enum(USER_TASK_TYPES),
          payload: z.object({ account_id: idParamSchema.optional() }).default({}),
        }),
        response: { 200: z.object({ data: userTaskSchema }) },
      },
    },
    async (req) => ({ data: presentUserTask(await service.createUserTask(app.deps, caller(req), req.body, req.ip)) }),
  );

  app.post(
    '/user-tasks',
    {
      preHandler: allowed,
      schema: {
        tags: ['user-tasks'],
        summary: 'My user tasks, newest first',
        body: z.preprocess(
          (v) => v ?? {},
          paginationSchema.extend({
            status: z.enum(USER_TASK_STATUSES).optional(),
            type: z.enum(USER_TASK_TYPES).optional(),
          }),
        ),
        response: {
          200: z.object({
            data: z.array(userTaskSchema),
            meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
          }),
        },
      },
    },
    async (req) => {
      const { rows, total } = await service.listMyUserTasks(app.deps, caller(req), req.body);
      return { data: rows.map(presentUserTask), meta: { page: req.body.page, per_page: req.body.per_page, total } };
    },
  );

  app.post(
    '/user-tasks/active',
    {
      preHandler: allowed,
      schema: {
        tags: ['user-tasks'],
        summary: 'My pending and processing user tasks',
        response: { 200: z.object({ data: z.array(userTaskSchema) }) },
      },
    },
    async (req) => ({ data: (await service.listMyActiveUserTasks(app.deps, caller(req))).map(presentUserTask) }),
  );

  app.get(
    '/user-tasks/:id/download',
    {
      preHandler: allowed,
      schema: {
        tags: ['user-tasks'],
        summary: "Download a completed task's file",
        params: z.object({ id: idParamSchema }),
      },
    },
    async (req, reply) => {
      const file = await service.openUserTaskDownload(app.deps, caller(req), req.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
