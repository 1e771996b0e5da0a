import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@aula/i18n/translate';
import type { Action } from '@aula/domain/permissions';
import {
  rosterSourceAccountSchema,
  rosterSourceAutomaticSchema,
  rosterSourceSaveSchema,
  rosterSourceScopeSchema,
  rosterSourceTestSchema,
  type RosterSourceTestResult,
} from '@aula/domain/rostering-sources';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../../plugins/auth';
import { emptyBodyIsFilterless } from '../../accounts/listing';
import { nextDue } from './schedule';
import { presentSource } from './sources.present';
import * as service from './sources.service';

const tags = ['rostering'];

/**
 * Roster sources (002 section 7, Rostering: get sources, create or update, toggle active, delete by account_id,
 * create queue item from source, allowed automatic imports; plus test connection). Resource one-roster:
 * roster-management changes, roster-history-view and the account admin bundle read; school admins have none.
 */
export const rosterSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'one-roster', actions: [action] });

  app.post(
    '/roster/sources/list',
    { preValidation: emptyBodyIsFilterless, preHandler: may('view'), schema: { tags, body: rosterSourceScopeSchema } },
    async (req) => ({
      data: (await service.listSources(app.deps, caller(req), req.body.scope.account_id)).map(presentSource),
    }),
  );

  // create or update: the service also asks for create when the account has no source yet
  app.put(
    '/roster/sources',
    { preHandler: may('update'), schema: { tags, body: rosterSourceSaveSchema } },
    async (req) => ({
      data: presentSource(await service.saveSource(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.post(
    '/roster/sources/toggle-active',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: may('update'),
      schema: { tags, body: rosterSourceAccountSchema },
    },
    async (req) => {
      const row = await service.toggleActive(app.deps, caller(req), req.body.account_id, req.ip);
      return { data: { result: true, is_active: row.isActive, source: presentSource(row) } };
    },
  );

  app.delete(
    '/roster/sources/:account_id',
    { preHandler: may('delete'), schema: { tags, params: z.object({ account_id: idParamSchema }) } },
    async (req) => {
      await service.deleteSource(app.deps, caller(req), req.params.account_id, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/roster/sources/test-connection',
    { preValidation: emptyBodyIsFilterless, preHandler: may('update'), schema: { tags, body: rosterSourceTestSchema } },
    async (req): Promise<{ data: RosterSourceTestResult }> => {
      const out = await service.testConnection(app.deps, caller(req), req.body);
      return {
        data: {
          ok: out.ok,
          message: out.error ? translate(req.lang, out.error.key, out.error.params) : null,
          orgs_total: out.orgsTotal,
        },
      };
    },
  );

  app.post(
    '/roster/sources/automatic',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: may('view'),
      schema: { tags, body: rosterSourceAutomaticSchema },
    },
    async (req) => {
      const rows = await service.automaticImports(app.deps, caller(req), req.body, req.ip);
      const now = new Date();
      return {
        result: true,
        data: rows.map((row) => ({
          ...presentSource(row),
          next_run_at: row.isActive && row.allowAutomatic ? nextDue(row.schedule, now).toISOString() : null,
        })),
      };
    },
  );

  app.post(
    '/roster/sources/import',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: may('create'),
      schema: { tags, body: rosterSourceAccountSchema },
    },
    async (req) => {
      const { jobId } = await service.importNow(app.deps, caller(req), req.body.account_id);
      return { data: { queued: true, job_id: jobId } };
    },
  );
};
