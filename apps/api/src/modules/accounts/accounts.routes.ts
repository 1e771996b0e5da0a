import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeleteSchema,
  accountInputSchema,
  accountListSchema,
  accountSettingsBatchSchema,
  accountUpdateSchema,
  checkDistrictIdSchema,
  idParamSchema,
  technologySettingsReadSchema,
  toggleTechnologySettingSchema,
} from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import * as service from './accounts.service';
import { presentAccount } from './accounts.present';
import { emptyBodyIsFilterless, presentPage } from './listing';

const params = z.object({ id: idParamSchema });
const tags = ['accounts'];

// Settings and technology toggles are guarded by 'account' (view to read, update to write), not 'technology': only
// the super admin bundle grants 'technology', and the spec lists these calls among the account calls that domain
// and district admins (full 'account' access) use for their own districts. See docs/decisions/0002.
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (actions: ('view' | 'create' | 'update' | 'delete')[]) =>
    guard({ scope: 'dashboard', resource: 'account', actions });

  app.post(
    '/accounts/list',
    { preValidation: emptyBodyIsFilterless, preHandler: can(['view']), schema: { tags, body: accountListSchema } },
    async (req) => {
      const result = await service.listAccounts(app.deps, caller(req), req.body);
      return presentPage(req.body, result, presentAccount);
    },
  );

  app.post(
    '/accounts/check-district-id',
    { preHandler: can(['view']), schema: { tags, body: checkDistrictIdSchema } },
    async (req) => {
      await service.checkDistrictId(app.deps, caller(req), req.body.districtId, req.body.id);
      return { data: { unique: true as const } };
    },
  );

  app.post('/accounts', { preHandler: can(['create']), schema: { tags, body: accountInputSchema } }, async (req) => {
    return { data: presentAccount(await service.createAccount(app.deps, caller(req), req.body, req.ip)) };
  });

  app.get('/accounts/:id', { preHandler: can(['view']), schema: { tags, params } }, async (req) => {
    return { data: presentAccount(await service.getAccount(app.deps, caller(req), req.params.id)) };
  });

  app.put(
    '/accounts/:id',
    { preHandler: can(['update']), schema: { tags, params, body: accountUpdateSchema } },
    async (req) => {
      return {
        data: presentAccount(await service.updateAccount(app.deps, caller(req), req.params.id, req.body, req.ip)),
      };
    },
  );

  app.get('/accounts/:id/settings', { preHandler: can(['view']), schema: { tags, params } }, async (req) => {
    return { data: await service.getAccountSettings(app.deps, caller(req), req.params.id) };
  });

  app.post(
    '/accounts/:id/settings',
    { preHandler: can(['update']), schema: { tags, params, body: accountSettingsBatchSchema } },
    async (req) => {
      return {
        data: await service.saveAccountSettings(app.deps, caller(req), req.params.id, req.body.settings, req.ip),
      };
    },
  );

  app.post(
    '/accounts/:id/toggle-technology-setting',
    { preHandler: can(['update']), schema: { tags, params, body: toggleTechnologySettingSchema } },
    async (req) => {
      const { field, value } = req.body;
      return {
        data: await service.toggleTechnologySetting(app.deps, caller(req), req.params.id, field, value, req.ip),
      };
    },
  );

  app.post(
    '/accounts/:id/delete',
    { preHandler: can(['delete']), schema: { tags, params, body: accountDeleteSchema } },
    async (req) => {
      await service.deleteAccount(app.deps, caller(req), req.params.id, req.body.force, req.ip);
      return { data: { success: true as const } };
    },
  );

  // the technology toggles of a page of accounts in one read (the /tech-settings table)
  app.post(
    '/accounts/technology-settings',
    { preHandler: can(['view']), schema: { tags, body: technologySettingsReadSchema } },
    async (req) => {
      return { data: await service.readTechnologySettings(app.deps, caller(req), req.body.account_ids) };
    },
  );
};
