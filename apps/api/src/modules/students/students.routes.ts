import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  studentActivitiesSchema,
  studentListSchema,
  studentPasswordSchema,
  studentSettingSchema,
} from '@aula/domain/people';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './students.service';
import { presentStudent, presentStudentActivity, presentStudentProfile } from './students.present';

const params = z.object({ student_id: idParamSchema });
const tags = ['students'];

// 001 section 7: Students: POST list and my list (withRelations, scope), GET profile, PATCH password, POST settings
// update (setting, value). 002 section 7: POST student activities by student_id.
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = guard({ scope: 'dashboard', resource: 'student', actions: ['view'] });
  const list = { preValidation: emptyBodyIsFilterless, preHandler: view, schema: { tags, body: studentListSchema } };

  app.post('/students/list', list, async (req) =>
    presentPage(req.body, await service.listStudents(app.deps, caller(req), req.body), presentStudent),
  );
  app.post('/students/my', list, async (req) =>
    presentPage(req.body, await service.listMyStudents(app.deps, caller(req), req.body), presentStudent),
  );

  app.get('/students/:student_id/profile', { preHandler: view, schema: { tags, params } }, async (req) => ({
    data: presentStudentProfile(await service.getStudentProfile(app.deps, caller(req), req.params.student_id)),
  }));

  app.patch(
    '/students/:student_id/password',
    { preHandler: view, schema: { tags, params, body: studentPasswordSchema } },
    async (req) => {
      await service.setStudentPassword(app.deps, caller(req), req.params.student_id, req.body.password, req.ip);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/students/:student_id/settings',
    { preHandler: view, schema: { tags, params, body: studentSettingSchema } },
    async (req) => ({
      data: await service.updateStudentSetting(app.deps, caller(req), req.params.student_id, req.body, req.ip),
    }),
  );

  app.post(
    '/students/:student_id/activities',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: view,
      schema: { tags, params, body: studentActivitiesSchema },
    },
    async (req) =>
      presentPage(
        req.body,
        await service.listStudentActivities(app.deps, caller(req), req.params.student_id, req.body),
        presentStudentActivity,
      ),
  );
};
