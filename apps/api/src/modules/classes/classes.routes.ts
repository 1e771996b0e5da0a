import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classListSchema,
  classSettingsBatchSchema,
  classSummarySchema,
  classUpdateSchema,
  classUsersSchema,
  labGroupInputSchema,
} from '@aula/domain/classes';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './classes.service';
import * as labGroups from './lab-groups.service';
import { presentClass, presentClassUser, presentLabGroup } from './classes.present';

const params = z.object({ id: idParamSchema });
const labGroupParams = z.object({ id: idParamSchema, lab_group_id: idParamSchema });
const tags = ['classes'];

// 001 section 7 "Classrooms": POST my list, list, users by user_type; GET one; PUT update. Also the lists under an
// account, school, teacher, student or group, the class summary (002 section 3), settings and lab groups.
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: 'view' | 'update') => guard({ scope: 'dashboard', resource: 'class', actions: [action] });
  const list = { preValidation: emptyBodyIsFilterless, schema: { tags, body: classListSchema } };

  app.post('/classes/list', { ...list, preHandler: can('view') }, async (req) =>
    presentPage(req.body, await service.listClasses(app.deps, caller(req), req.body), presentClass),
  );
  app.post('/classes/my', { ...list, preHandler: can('view') }, async (req) =>
    presentPage(req.body, await service.listMyClasses(app.deps, caller(req), req.body), presentClass),
  );

  for (const [path, subject] of [
    ['accounts', 'account'],
    ['organizations', 'organization'],
    ['teachers', 'teacher'],
    ['students', 'student'],
    ['groups', 'group'],
  ] as const) {
    app.post(
      `/${path}/:id/classes`,
      { ...list, preHandler: can('view'), schema: { ...list.schema, params } },
      async (req) =>
        presentPage(
          req.body,
          await service.listClasses(app.deps, caller(req), req.body, { kind: subject, id: req.params.id }),
          presentClass,
        ),
    );
  }

  app.get('/classes/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: presentClass(await service.getClass(app.deps, caller(req), req.params.id)),
  }));

  app.put(
    '/classes/:id',
    { preHandler: can('update'), schema: { tags, params, body: classUpdateSchema } },
    async (req) => ({
      data: presentClass(await service.updateClass(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.post(
    '/classes/:id/users',
    { preHandler: can('view'), schema: { tags, params, body: classUsersSchema } },
    async (req) =>
      presentPage(
        req.body,
        await service.listClassUsers(app.deps, caller(req), req.params.id, req.body),
        presentClassUser,
      ),
  );

  app.post(
    '/classes/:id/summary',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: can('view'),
      schema: { tags, params, body: classSummarySchema },
    },
    async (req) => {
      const s = await service.getClassSummary(app.deps, caller(req), req.params.id, req.body);
      return {
        data: {
          class: presentClass(s.class),
          student_stats: s.studentStats,
          students: s.students,
          lab_groups: { total: s.labGroupsTotal },
          students_assigned: s.studentsAssigned,
        },
      };
    },
  );

  app.get('/classes/:id/settings', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: await service.getClassSettings(app.deps, caller(req), req.params.id),
  }));
  app.post(
    '/classes/:id/settings',
    { preHandler: can('update'), schema: { tags, params, body: classSettingsBatchSchema } },
    async (req) => ({
      data: await service.saveClassSettings(app.deps, caller(req), req.params.id, req.body.settings, req.ip),
    }),
  );

  app.get('/classes/:id/lab-groups', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: (await labGroups.listLabGroups(app.deps, caller(req), req.params.id)).map(presentLabGroup),
  }));
  app.post(
    '/classes/:id/lab-groups',
    { preHandler: can('update'), schema: { tags, params, body: labGroupInputSchema } },
    async (req) => ({
      data: presentLabGroup(await labGroups.createLabGroup(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );
  app.put(
    '/classes/:id/lab-groups/:lab_group_id',
    { preHandler: can('update'), schema: { tags, params: labGroupParams, body: labGroupInputSchema } },
    async (req) => ({
      data: presentLabGroup(
        await labGroups.updateLabGroup(app.deps, caller(req), req.params.id, req.params.lab_group_id, req.body, req.ip),
      ),
    }),
  );
  app.delete(
    '/classes/:id/lab-groups/:lab_group_id',
    { preHandler: can('update'), schema: { tags, params: labGroupParams } },
    async (req) => {
      await labGroups.deleteLabGroup(app.deps, caller(req), req.params.id, req.params.lab_group_id, req.ip);
      return { data: { success: true as const } };
    },
  );
};
