import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenBodySchema } from '@aula/domain/activity-content';
import {
  builderIdsSchema,
  createScreenSchema,
  disconnectSchema,
  previewSchema,
  publishSchema,
  scheduleSchema,
  screenIdsSchema,
  screenOrderSchema,
  screensIntoSchema,
  versionInputSchema,
} from '@aula/domain/activity-authoring';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { absoluteMediaItem, mediaBaseUrl } from '../media/media.present';
import { presentBuilderState, presentPublishState, presentVersion, withAbsoluteMedia } from './screens.present';
import * as service from './screens.service';
import * as versions from './versions.service';

const params = z.object({ id: idParamSchema });
const screenParams = z.object({ screen_id: idParamSchema });
const versionParams = z.object({ id: idParamSchema, version_id: idParamSchema });
const tags = ['activity-builder'];

/**
 * The activity builder's content calls (issue 4 items 3 and 4): screens, sections, links, versions, publishing and
 * previews. Authoring needs the 'activity-builder' resource; which activities a caller may read or change is the
 * tenant rule of activities/activity-scope.repo.ts (404 outside it, 403 when readable but not theirs to change).
 */
export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'activity-builder', actions: [action] });

  app.get('/activities/:id/screens', { preHandler: can('view'), schema: { tags, params } }, async (req) => {
    const s = await service.getBuilderState(app.deps, caller(req), req.params.id);
    return {
      data: presentBuilderState(s, mediaBaseUrl(req)),
    };
  });

  app.post(
    '/activities/:id/screens',
    { preHandler: can('update'), schema: { tags, params, body: createScreenSchema } },
    async (req) => ({ data: await service.createScreen(app.deps, caller(req), req.params.id, req.body) }),
  );

  app.put(
    '/activities/:id/screens/order',
    { preHandler: can('update'), schema: { tags, params, body: screenOrderSchema } },
    async (req) => ({ data: await service.orderScreens(app.deps, caller(req), req.params.id, req.body.screens) }),
  );

  app.put(
    '/screens/:screen_id',
    { preHandler: can('update'), schema: { tags, params: screenParams, body: screenBodySchema } },
    async (req) => ({ data: await service.updateScreen(app.deps, caller(req), req.params.screen_id, req.body) }),
  );

  app.delete(
    '/screens/:screen_id',
    { preHandler: can('update'), schema: { tags, params: screenParams } },
    async (req) => {
      await service.deleteScreen(app.deps, caller(req), req.params.screen_id);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/activity-builder/ids',
    { preHandler: can('update'), schema: { tags, body: builderIdsSchema } },
    async (req) => ({ data: await service.takeIds(app.deps, req.body.questions, req.body.options) }),
  );

  app.post(
    '/screens/duplicate',
    { preHandler: can('update'), schema: { tags, body: screenIdsSchema } },
    async (req) => ({ data: await service.duplicateScreens(app.deps, caller(req), req.body.screen_ids) }),
  );

  app.post('/screens/clone', { preHandler: can('update'), schema: { tags, body: screensIntoSchema } }, async (req) => ({
    data: await service.cloneScreens(app.deps, caller(req), req.body.activity_id, req.body.screen_ids),
  }));

  app.post('/screens/link', { preHandler: can('update'), schema: { tags, body: screensIntoSchema } }, async (req) => ({
    data: await service.linkScreens(app.deps, caller(req), req.body.activity_id, req.body.screen_ids),
  }));

  app.post(
    '/screens/disconnect',
    { preHandler: can('update'), schema: { tags, body: disconnectSchema } },
    async (req) => ({ data: await service.disconnectScreens(app.deps, caller(req), req.body) }),
  );

  app.post(
    '/activities/:id/versions',
    { preHandler: can('update'), schema: { tags, params, body: versionInputSchema } },
    async (req) => ({
      data: presentVersion(await versions.createVersion(app.deps, caller(req), req.params.id, req.body)),
    }),
  );

  app.get(
    '/activities/:id/versions/:version_id',
    { preHandler: can('view'), schema: { tags, params: versionParams } },
    async (req) => {
      const v = await versions.getVersion(app.deps, caller(req), req.params.id, req.params.version_id);
      return {
        data: {
          ...presentVersion(v.version),
          screens: v.screens.map((s) => ({
            screen_id: s.screen_id,
            version_id: s.version_id,
            section: s.section,
            position: s.position,
            ...s.body,
          })),
          media: v.media.map((m) => absoluteMediaItem(m, mediaBaseUrl(req))),
        },
      };
    },
  );

  app.post(
    '/activities/:id/versions/:version_id/load',
    { preHandler: can('update'), schema: { tags, params: versionParams } },
    async (req) => {
      const s = await versions.loadVersion(app.deps, caller(req), req.params.id, req.params.version_id);
      return {
        data: presentBuilderState(s, mediaBaseUrl(req)),
      };
    },
  );

  app.post(
    '/activities/:id/publish',
    { preHandler: can('update'), schema: { tags, params, body: publishSchema } },
    async (req) => ({
      data: presentPublishState(await versions.publishVersion(app.deps, caller(req), req.params.id, req.body)),
    }),
  );

  app.post(
    '/activities/:id/schedule',
    { preHandler: can('update'), schema: { tags, params, body: scheduleSchema } },
    async (req) => ({
      data: presentPublishState(await versions.scheduleVersion(app.deps, caller(req), req.params.id, req.body)),
    }),
  );

  app.delete('/activities/:id/schedule', { preHandler: can('update'), schema: { tags, params } }, async (req) => ({
    data: presentPublishState(await versions.unscheduleVersion(app.deps, caller(req), req.params.id)),
  }));

  app.post(
    '/activities/:id/preview',
    { preHandler: can('view'), schema: { tags, params, body: previewSchema } },
    async (req) => ({
      data: withAbsoluteMedia(
        await versions.previewScreenVersions(app.deps, caller(req), req.params.id, req.body.screen_versions),
        mediaBaseUrl(req),
      ),
    }),
  );

  app.get('/activities/:id/live-preview', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: withAbsoluteMedia(await versions.livePreview(app.deps, caller(req), req.params.id), mediaBaseUrl(req)),
  }));

  // viewers (resource 'activity'): the published version only, never a draft
  app.get(
    '/activities/:id/published-preview',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'activity', actions: ['view'] }),
      schema: { tags: ['activities'], params },
    },
    async (req) => ({
      data: withAbsoluteMedia(await versions.publishedPreview(app.deps, caller(req), req.params.id), mediaBaseUrl(req)),
    }),
  );
};
