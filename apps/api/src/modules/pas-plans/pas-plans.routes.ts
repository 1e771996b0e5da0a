import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentSettingsUpdateSchema,
  availableSessionsSchema,
  calendarSchema,
  classPlanListSchema,
  createFromPlanSchema,
  PLAN_TYPES,
  planAssignSchema,
  planAvailableSchema,
  planClassSchema,
  planCopySchema,
  planListSchema,
  planUnassignSchema,
  planWriteSchema,
  studentSettingsUpdateSchema,
} from '@aula/domain/pas-plans';
import { idParamSchema } from '@aula/domain/tenancy';
import { translate } from '@aula/i18n/translate';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './pas-plans.service';
import {
  classDisplayName,
  presentAssignments,
  presentMember,
  presentPlan,
  presentPlanDetail,
} from './pas-plans.present';

const params = z.object({ id: idParamSchema });
const tags = ['pas-plans'];

// PAS plans (002 section 7 "PAS plans"), under /dashboard/pas. Reading needs pas-plan view; creating (also copies
// and templates) create; every change update; deleting delete. Which plans and classes a caller reaches is
// pas-scope.repo.ts.
export const pasPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'create' | 'update' | 'delete') =>
    guard({ scope: 'dashboard', resource: 'pas-plan', actions: [action] });
  const view = can('view');
  const update = can('update');

  app.get('/pas/types', { preHandler: view, schema: { tags } }, async () => ({ data: PLAN_TYPES }));

  for (const [path, mine] of [
    ['/pas/list', false],
    ['/pas/my', true],
  ] as const) {
    app.post(
      path,
      { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: planListSchema } },
      async (req) => presentPage(req.body, await service.listPlans(app.deps, caller(req), req.body, mine), presentPlan),
    );
  }

  app.post('/pas/class', { preHandler: view, schema: { tags, body: classPlanListSchema } }, async (req) =>
    presentPage(req.body, await service.listClassPlans(app.deps, caller(req), req.body), presentPlan),
  );

  app.post(
    '/pas/sessions',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: availableSessionsSchema } },
    async (req) => ({ data: await service.availableSessions(app.deps, caller(req), req.body.scope.account_id) }),
  );

  app.post('/pas', { preHandler: can('create'), schema: { tags, body: planWriteSchema } }, async (req) => ({
    data: presentPlanDetail(await service.createPlan(app.deps, caller(req), req.body, req.ip)),
  }));

  app.get('/pas/:id', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentPlanDetail(await service.getPlan(app.deps, caller(req), req.params.id)),
  }));

  app.post('/pas/:id', { preHandler: update, schema: { tags, params, body: planWriteSchema } }, async (req) => ({
    data: presentPlanDetail(await service.updatePlan(app.deps, caller(req), req.params.id, req.body, req.ip)),
  }));

  app.delete('/pas/:id', { preHandler: can('delete'), schema: { tags, params } }, async (req) => {
    await service.deletePlan(app.deps, caller(req), req.params.id, req.ip);
    return { data: { success: true as const } };
  });

  for (const [path, template] of [
    ['/pas/:id/copy', false],
    ['/pas/:id/template', true],
  ] as const) {
    app.post(
      path,
      {
        preValidation: emptyBodyIsFilterless,
        preHandler: can('create'),
        schema: { tags, params, body: planCopySchema },
      },
      async (req) => ({
        data: presentPlanDetail(
          await service.copyPlan(app.deps, caller(req), req.params.id, req.body, template, req.ip),
        ),
      }),
    );
  }

  app.get('/pas/:id/publish', { preHandler: update, schema: { tags, params } }, async (req) => {
    const r = await service.togglePublish(app.deps, caller(req), req.params.id, req.ip);
    return {
      data: {
        is_success: r.is_success,
        is_published: r.is_published,
        ...(r.refusal ? { message: translate(req.lang, service.REFUSAL_KEYS[r.refusal]) } : {}),
      },
    };
  });

  app.get('/pas/:id/assigned', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: (await service.assignedItems(app.deps, caller(req), req.params.id)).map(presentMember),
  }));

  app.post(
    '/pas/:id/assign',
    { preHandler: update, schema: { tags, params, body: planAssignSchema } },
    async (req) => ({
      data: (await service.assign(app.deps, caller(req), req.params.id, req.body, req.ip)).map(presentMember),
    }),
  );

  app.post(
    '/pas/:id/unassign',
    { preHandler: update, schema: { tags, params, body: planUnassignSchema } },
    async (req) => ({
      data: (await service.unassign(app.deps, caller(req), req.params.id, req.body.member_id, req.ip)).map(
        presentMember,
      ),
    }),
  );

  app.post(
    '/pas/:id/available',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, params, body: planAvailableSchema } },
    async (req) => {
      const r = await service.available(app.deps, caller(req), req.params.id, req.body);
      if (r.type === 'course')
        return presentPage(req.body, r, (c) => ({ ...c, type: 'course' as const, is_assigned: c.assigned > 0 }));
      return presentPage(req.body, r, (c) => ({ ...c, type: 'class' as const, display_name: classDisplayName(c) }));
    },
  );

  app.post(
    '/pas/:id/suspend',
    { preHandler: update, schema: { tags, params, body: planClassSchema } },
    async (req) => ({
      data: await service.toggleSuspend(app.deps, caller(req), req.params.id, req.body.class_id, req.ip),
    }),
  );

  app.post(
    '/pas/:id/student-settings',
    { preHandler: view, schema: { tags, params, body: planClassSchema } },
    async (req) => ({ data: await service.studentSettings(app.deps, caller(req), req.params.id, req.body.class_id) }),
  );

  app.put(
    '/pas/:id/student-settings',
    { preHandler: update, schema: { tags, params, body: studentSettingsUpdateSchema } },
    async (req) => ({
      data: await service.updateStudentSettings(app.deps, caller(req), req.params.id, req.body, req.ip),
    }),
  );

  app.post(
    '/pas/:id/assignment-settings',
    { preHandler: update, schema: { tags, params, body: assignmentSettingsUpdateSchema } },
    async (req) => ({
      data: await service.updateAssignmentSettings(app.deps, caller(req), req.params.id, req.body, req.ip),
    }),
  );

  app.post(
    '/pas/:id/create-assignment',
    { preHandler: update, schema: { tags, params, body: createFromPlanSchema } },
    async (req) => ({
      data: await service.createAssignmentFromPlan(app.deps, caller(req), req.params.id, req.body, req.ip),
    }),
  );

  app.post('/pas/:id/overview', { preHandler: view, schema: { tags, params } }, async (req) => {
    const r = await service.overview(app.deps, caller(req), req.params.id);
    return {
      data: {
        plan: presentPlan(r.plan),
        today: r.today,
        assignments: presentAssignments(r.assignments, []).map(({ activities: _a, ...a }) => a),
        classes: r.members.map(presentMember),
      },
    };
  });

  app.post(
    '/pas/:id/class-overview',
    { preHandler: view, schema: { tags, params, body: planClassSchema } },
    async (req) => {
      const r = await service.classOverview(app.deps, caller(req), req.params.id, req.body.class_id);
      return {
        data: {
          plan: presentPlan(r.plan),
          class_id: req.body.class_id,
          suspended: r.member.suspended,
          assignments: r.assignments.map((a) => ({
            ...a,
            start_at: a.start_at ? new Date(a.start_at).toISOString() : null,
            due_at: a.due_at ? new Date(a.due_at).toISOString() : null,
          })),
        },
      };
    },
  );

  app.post(
    '/pas/:id/calendar',
    { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, params, body: calendarSchema } },
    async (req) => {
      const r = await service.calendar(app.deps, caller(req), req.params.id, req.body);
      return { data: presentAssignments(r.assignments, r.activities) };
    },
  );
};
