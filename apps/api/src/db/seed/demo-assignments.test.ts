import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { ATTEMPT_PATHS, type AssignmentProgress, type AttemptView, type GradeResult } from '@aula/domain/attempts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-credentials';
import { DEMO_EVERY_KIND } from './demo-assignments';
import { seedDemo } from './demo';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.db.database.db)).toBe(true);
});
afterAll(() => t.close());

async function signIn(scope: 'dashboard' | 'student', login: string) {
  const res = await call(t.app, 'POST', `/${scope}/auth/form`, { body: { login, password: DEMO_PASSWORD } });
  return res.json<{ data: { token: string } }>().data.token;
}

describe('the demo assignments', () => {
  it('the demo student sees two current assignments and an upcoming one of Grade 7 Science', async () => {
    const res = await call(t.app, 'GET', '/student/assignments', {
      token: await signIn('student', DEMO_USERS.student.username),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: { name: string; status: string; activities: { title: string }[] }[] }>().data;
    expect(list.map((a) => [a.name, a.status, a.activities.map((x) => x.title)])).toEqual([
      [DEMO_EVERY_KIND.title, 'current', [DEMO_EVERY_KIND.title]],
      ['Atoms and Molecules', 'current', ['Atoms and Molecules']],
      ['Heat Transfer Review', 'upcoming', ['Heat Transfer Review']],
    ]);
  });

  it('the demo teacher lists them under their class, pinned to the published versions', async () => {
    const token = await signIn('dashboard', DEMO_USERS.teacher.email);
    const targets = await call(t.app, 'POST', '/dashboard/assignments/targets', { token });
    const classes = targets.json<{
      data: { classes: { id: number; name: string; assigned_activity_ids: number[] }[] };
    }>().data.classes;
    const grade7 = classes.find((c) => c.name === 'Grade 7 Science - 2')!;
    expect(grade7.assigned_activity_ids).toHaveLength(3);
    const list = await call(t.app, 'POST', `/dashboard/classes/${grade7.id}/assignments`, { token });
    const rows = list.json<{
      data: { name: string; activities: { out_of_sync: boolean; activity_version_id: number | null }[] }[];
    }>().data;
    expect(rows.map((r) => r.name).sort()).toEqual([
      'Atoms and Molecules',
      'Heat Transfer Review',
      DEMO_EVERY_KIND.title,
    ]);
    for (const r of rows)
      expect(r.activities[0]).toMatchObject({ out_of_sync: false, activity_version_id: expect.any(Number) });
  });

  it('the check-in has one question of every kind; the demo student can start it', async () => {
    const token = await signIn('student', DEMO_USERS.student.username);
    const list = (await call(t.app, 'GET', '/student/assignments', { token })).json<{
      data: { id: number; name: string; activities: { id: number }[] }[];
    }>().data;
    const checkIn = list.find((a) => a.name === DEMO_EVERY_KIND.title)!;
    const res = await call(t.app, 'POST', ATTEMPT_PATHS.start(checkIn.id, checkIn.activities[0]!.id), { token });
    expect(res.statusCode).toBe(200);
    const view = res.json<{ data: AttemptView }>().data;
    expect(view.attempt).toMatchObject({ status: 'in_progress', sections: 3, progress_section: 1 });
    expect(view.screens.flatMap((s) => s.questions.map((q) => q.type)).sort()).toEqual([
      'checkbox',
      'drag-and-drop',
      'drop-down-list',
      'essay',
      'radio',
      'textarea',
      'tldraw',
    ]);
  });

  it('a classmate has submitted it: the teacher sees the progress and scores the essay', async () => {
    const token = await signIn('dashboard', DEMO_USERS.teacher.email);
    const list = await call(t.app, 'POST', '/dashboard/assignments/list', { token, body: { per_page: 50 } });
    const checkIn = list
      .json<{ data: { id: number; name: string }[] }>()
      .data.find((a) => a.name === DEMO_EVERY_KIND.title)!;
    const progress = (await call(t.app, 'GET', ATTEMPT_PATHS.progressOf(checkIn.id), { token })).json<{
      data: AssignmentProgress;
    }>().data;
    expect(progress.students).toHaveLength(5);
    const ava = progress.students.find((s) => s.name === 'Ava Nguyen')!;
    expect(ava.activities[0]).toMatchObject({ status: 'submitted', answered: 7, need_review: 2, correct_answers: 3 });
    const preview = await call(t.app, 'POST', ATTEMPT_PATHS.studentPreview(checkIn.id, ava.id), {
      token,
      body: { type: 'teacher_review', activity_id: progress.activities[0]!.id },
    });
    const view = preview.json<{ data: AttemptView }>().data;
    const essay = view.screens.flatMap((s) => s.questions).find((q) => q.type === 'essay')!;
    const graded = await call(t.app, 'POST', ATTEMPT_PATHS.gradeAnswer(view.attempt!.id), {
      token,
      body: { question_id: essay.id, score: 4 },
    });
    expect(graded.statusCode).toBe(200);
    expect(graded.json<GradeResult>().data.summary.correct_answers).toBe(4);
  });
});
