import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gradeAnswerSchema,
  gradeAnswersSchema,
  gradeScreensSchema,
  previousSubmissionQuerySchema,
  progressSchema,
  saveAnswersSchema,
  saveStatesSchema,
  studentPreviewSchema,
} from '@aula/domain/attempts';
import type { Action } from '@aula/domain/permissions';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { saveAnswers, saveStates } from './attempt-answers.service';
import { gradeAnswer, gradeAnswersAcross, gradeScreens } from './attempt-grading.service';
import { getAssignmentProgress, previewStudentWork } from './attempt-review.service';
import { getAttempt, previousSubmission, progressAttempt, startAttempt, submitAttempt } from './attempts.service';

// The attempts API (ATTEMPT_PATHS in @aula/domain/attempts): the student app's calls under /student and the
// teachers' under /dashboard (resource 'assignment': view to read, update to grade).

const tags = ['attempts'];
const params = z.object({ id: idParamSchema });
/** a save may carry drawings (each up to DRAWING_DOCUMENT_MAX_BYTES) */
const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/** Mounted under /student. */
export const studentAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  const student = guard({ scope: 'student' });

  app.post(
    '/assignments/:id/activities/:activityId/attempt',
    { preHandler: student, schema: { tags, params: z.object({ id: idParamSchema, activityId: idParamSchema }) } },
    async (req) => ({
      data: await startAttempt(app.deps, caller(req), req.params.id, req.params.activityId),
    }),
  );

  app.get('/attempts/:id', { preHandler: student, schema: { tags, params } }, async (req) => ({
    data: await getAttempt(app.deps, caller(req), req.params.id),
  }));

  app.post(
    '/attempts/:id/answers',
    { preHandler: student, bodyLimit: SAVE_BODY_LIMIT, schema: { tags, params, body: saveAnswersSchema } },
    async (req) => ({ data: await saveAnswers(app.deps, caller(req), req.params.id, req.body) }),
  );

  app.post(
    '/attempts/:id/states',
    { preHandler: student, bodyLimit: SAVE_BODY_LIMIT, schema: { tags, params, body: saveStatesSchema } },
    async (req) => ({ data: await saveStates(app.deps, caller(req), req.params.id, req.body) }),
  );

  app.post(
    '/attempts/:id/progress',
    { preHandler: student, schema: { tags, params, body: progressSchema } },
    async (req) => ({
      data: await progressAttempt(app.deps, caller(req), req.params.id, req.body.section),
    }),
  );

  app.post('/attempts/:id/submit', { preHandler: student, schema: { tags, params } }, async (req) => ({
    data: await submitAttempt(app.deps, caller(req), req.params.id),
  }));

  app.get(
    '/attempts/:id/previous-submission',
    { preHandler: student, schema: { tags, params, querystring: previousSubmissionQuerySchema } },
    async (req) => ({
      data: await previousSubmission(app.deps, caller(req), req.params.id, req.query.questionId),
    }),
  );
};

/** Mounted under /dashboard. */
export const staffAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: Action) => guard({ scope: 'dashboard', resource: 'assignment', actions: [action] });

  app.get('/assignments/:id/progress', { preHandler: can('view'), schema: { tags, params } }, async (req) => ({
    data: await getAssignmentProgress(app.deps, caller(req), req.params.id, req.ip),
  }));

  app.post(
    '/assignments/:id/students/:studentId/preview',
    {
      preHandler: can('view'),
      schema: { tags, params: z.object({ id: idParamSchema, studentId: idParamSchema }), body: studentPreviewSchema },
    },
    async (req) => ({
      data: await previewStudentWork(app.deps, caller(req), req.params.id, req.params.studentId, req.body, req.ip),
    }),
  );

  app.post(
    '/attempts/:id/grade-answer',
    { preHandler: can('update'), schema: { tags, params, body: gradeAnswerSchema } },
    async (req) => ({ data: await gradeAnswer(app.deps, caller(req), req.params.id, req.body, req.ip) }),
  );

  app.post(
    '/attempts/:id/grade-screens',
    { preHandler: can('update'), schema: { tags, params, body: gradeScreensSchema } },
    async (req) => ({ data: await gradeScreens(app.deps, caller(req), req.params.id, req.body, req.ip) }),
  );

  app.post(
    '/assignments/:id/grade-answers',
    { preHandler: can('update'), schema: { tags, params, body: gradeAnswersSchema } },
    async (req) => ({
      data: await gradeAnswersAcross(app.deps, caller(req), req.params.id, req.body, req.ip),
    }),
  );
};
