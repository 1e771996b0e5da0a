import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSIGNMENT_LIST_SUBJECTS,
  assignmentCreateSchema,
  assignmentListSchema,
  assignmentSetCreateSchema,
  assignmentSetListSchema,
  assignmentUpdateSchema,
  assignTargetsSchema,
  labGroupCreateSchema,
  labGroupUpdateSchema,
} from '@aula/domain/assignments';
import type { Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as sets from './assignment-sets.service';
import * as service from './assignments.service';
import * as labGroups from './lab-groups.service';
import {
  presentAssignment,
  presentAssignmentSet,
  presentLabGroup,
  presentStudentAssignment,
  presentTargets,
} from './assignments.present';

const params = z.object({ id: idParamSchema });
const labGroupParams = z.object({ id: idParamSchema, labGroupId: idParamSchema });
const tags = ['assignments'];
const ok = { data: { success: true as const } };

/** Staff routes (mounted under /dashboard): assignments, their lists, the assign-to picker, sets and lab groups. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: Action) => guard({ scope: 'dashboard', resource: 'assignment', actions: [action] });
  const setCan = (action: Action) => guard({ scope: 'dashboard', resource: 'assignment-set', actions: [action] });
  const list = { preValidation: emptyBodyIsFilterless, schema: { tags, body: assignmentListSchema } };

  app.post(
    '/assignments',
    { preHandler: can('create'), schema: { tags, body: assignmentCreateSchema } },
    async (req) => ({
      data: presentAssignment(await service.createAssignment(app.deps, caller(req), req.body, req.ip)),
    }),
  );

  app.post('/assignments/list', { ...list, preHandler: can('view') }, async (req) =>
    presentPage(req.body, await service.listAssignments(app.deps, caller(req), req.body), presentAssignment),
  );

  for (const [path, subject] of Object.entries(ASSIGNMENT_LIST_SUBJECTS)) {
    app.post(
      `/${path}/:id/assignments`,
      { ...list, preHandler: can('view'), schema: { ...list.schema, params } },
      async (req) =>
        presentPage(
          req.body,
          await service.listAssignmentsOf(app.deps, caller(req), subject, req.params.id, req.body),
          presentAssignment,
        ),
    );
  }

  app.post(
    '/assignments/targets',
    { preValidation: emptyBodyIsFilterless, preHandler: can('view'), schema: { tags, body: assignTargetsSchema } },
    async (req) => ({ data: presentTargets(await service.listTargets(app.deps, caller(req), req.body)) }),
  );

  app.get('/assignments/:id', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: presentAssignment(await service.getAssignment(app.deps, caller(req), req.params.id)),
  }));

  app.put(
    '/assignments/:id',
    { preHandler: can('update'), schema: { tags, params, body: assignmentUpdateSchema } },
    async (req) => ({
      data: presentAssignment(await service.updateAssignment(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );

  app.delete('/assignments/:id', { preHandler: can('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteAssignment(app.deps, caller(req), req.params.id, req.ip);
    return ok;
  });

  // Lab groups under an assignment: seeing them is seeing the assignment; changing them is updating it.
  app.get('/assignments/:id/lab-groups', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: (await labGroups.listLabGroups(app.deps, caller(req), req.params.id)).map(presentLabGroup),
  }));
  app.post(
    '/assignments/:id/lab-groups',
    { preHandler: can('update'), schema: { tags, params, body: labGroupCreateSchema } },
    async (req) => ({
      data: presentLabGroup(await labGroups.createLabGroup(app.deps, caller(req), req.params.id, req.body, req.ip)),
    }),
  );
  app.put(
    '/assignments/:id/lab-groups/:labGroupId',
    { preHandler: can('update'), schema: { tags, params: labGroupParams, body: labGroupUpdateSchema } },
    async (req) => ({
      data: presentLabGroup(
        await labGroups.updateLabGroup(app.deps, caller(req), req.params.id, req.params.labGroupId, req.body, req.ip),
      ),
    }),
  );
  app.delete(
    '/assignments/:id/lab-groups/:labGroupId',
    { preHandler: can('update'), schema: { tags, params: labGroupParams } },
    async (req) => {
      await labGroups.deleteLabGroup(app.deps, caller(req), req.params.id, req.params.labGroupId, req.ip);
      return ok;
    },
  );

  // Assignment sets
  app.post(
    '/assignment-sets',
    { preHandler: setCan('create'), schema: { tags, body: assignmentSetCreateSchema } },
    async (req) => ({
      data: presentAssignmentSet(await sets.createAssignmentSet(app.deps, caller(req), req.body, req.ip)),
    }),
  );
  app.post(
    '/assignment-sets/list',
    {
      preValidation: emptyBodyIsFilterless,
      preHandler: setCan('view'),
      schema: { tags, body: assignmentSetListSchema },
    },
    async (req) =>
      presentPage(req.body, await sets.listAssignmentSets(app.deps, caller(req), req.body), presentAssignmentSet),
  );
  app.get('/assignment-sets/:id', { preHandler: setCan('view'), schema: { tags, params } }, async (req) => {
    const { set, assignments } = await sets.getAssignmentSet(app.deps, caller(req), req.params.id);
    return { data: { ...presentAssignmentSet(set), assignments: assignments.map(presentAssignment) } };
  });
};

/** Student routes (mounted under /student). */
export const studentAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/assignments', { preHandler: guard({ scope: 'student' }), schema: { tags } }, async (req) => ({
    data: (await service.listStudentAssignments(app.deps, caller(req))).map(presentStudentAssignment),
  }));
};
