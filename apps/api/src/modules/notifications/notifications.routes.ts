import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_STATUSES } from '@aula/domain/realtime';
import { paginationSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { presentNotification } from './notifications.present';
import * as service from './notifications.service';

const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  event: z.string(),
  hash: z.string(),
  connection: z.string(),
  message: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

/** The signed-in user's own notifications (001 section 3/4): list, read one, read all. Mounted under /dashboard. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = guard({ scope: 'dashboard' });

  app.post(
    '/notifications/list',
    {
      preHandler: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first',
        // a POST without a body lists with the defaults
        body: z.preprocess(
          (v) => v ?? {},
          paginationSchema.extend({ status: z.enum(NOTIFICATION_STATUSES).optional() }),
        ),
        response: {
          200: z.object({
            data: z.array(notificationSchema),
            meta: z.object({ page: z.number(), per_page: z.number(), total: z.number(), unread: z.number() }),
          }),
        },
      },
    },
    async (req) => {
      const { rows, total, unread } = await service.listMyNotifications(app.deps, caller(req), req.body);
      return {
        data: rows.map(presentNotification),
        meta: { page: req.body.page, per_page: req.body.per_page, total, unread },
      };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({ data: notificationSchema }) },
      },
    },
    async (req) => ({
      data: presentNotification(await service.readMyNotification(app.deps, caller(req), req.params.id)),
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      preHandler: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: z.object({ data: z.object({ updated: z.number() }) }) },
      },
    },
    async (req) => ({ data: { updated: await service.readAllMyNotifications(app.deps, caller(req)) } }),
  );
};
