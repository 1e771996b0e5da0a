import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityFolderAddSchema,
  activityFoldersRemoveSchema,
  changeBranchSchema,
  folderCreateSchema,
  folderListSchema,
  folderUpdateSchema,
  setFolderSchema,
} from '@aula/domain/folders';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless } from '../accounts/listing';
import * as service from './folders.service';
import { presentFolder, presentFolderTree } from './folders.present';

const folderParams = z.object({ folder_id: idParamSchema });
const activityParams = z.object({ id: idParamSchema });
const linkParams = z.object({ id: idParamSchema, folder_id: idParamSchema });
const tags = ['folders'];

export const folderRoutes: FastifyPluginAsyncZod = async (app) => {
  // reading the tree is part of reading activities; changing folders is authoring
  const view = guard({ scope: 'dashboard', resource: 'activity', actions: ['view'] });
  const build = (action: 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'activity-builder', actions: [action] });

  app.post(
    '/activities/folders/list',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: folderListSchema } },
    async (req) => ({
      data: presentFolderTree(await service.listFolders(app.deps, caller(req), req.body.filters)),
    }),
  );

  app.post(
    '/activities/folders',
    { preHandler: build('create'), schema: { tags, body: folderCreateSchema } },
    async (req) => ({
      data: presentFolder(await service.createFolder(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.put(
    '/activities/folders/change-branch',
    { preHandler: build('update'), schema: { tags, body: changeBranchSchema } },
    async (req) => ({ data: await service.changeBranch(app.deps, caller(req), req.body, req.ip) }),
  );

  app.post(
    '/activities/folders/set',
    { preHandler: build('update'), schema: { tags, body: setFolderSchema } },
    async (req) => ({ data: await service.setFolder(app.deps, caller(req), req.body, req.ip) }),
  );

  app.put(
    '/activities/folders/:folder_id',
    { preHandler: build('update'), schema: { tags, params: folderParams, body: folderUpdateSchema } },
    async (req) => ({
      data: presentFolder(await service.updateFolder(app.deps, caller(req), req.params.folder_id, req.body, req.ip)),
    }),
  );

  app.delete(
    '/activities/folders/:folder_id',
    { preHandler: build('delete'), schema: { tags, params: folderParams } },
    async (req) => {
      await service.deleteFolder(app.deps, caller(req), req.params.folder_id, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/activities/:id/folders',
    { preHandler: build('update'), schema: { tags, params: activityParams, body: activityFolderAddSchema } },
    async (req) => {
      await service.addActivityToFolder(app.deps, caller(req), req.params.id, req.body.folder_id, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.delete(
    '/activities/:id/folders/:folder_id',
    { preHandler: build('update'), schema: { tags, params: linkParams } },
    async (req) => {
      await service.removeActivityFromFolders(app.deps, caller(req), req.params.id, [req.params.folder_id], req.ip);
      return { data: { success: true as const } };
    },
  );

  app.delete(
    '/activities/:id/folders',
    { preHandler: build('update'), schema: { tags, params: activityParams, body: activityFoldersRemoveSchema } },
    async (req) => {
      await service.removeActivityFromFolders(app.deps, caller(req), req.params.id, req.body.folder_ids, req.ip);
      return { data: { success: true as const } };
    },
  );
};
