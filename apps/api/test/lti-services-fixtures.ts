import { expect } from 'vitest';
import { answerToWire, maxScore } from '@aula/domain/answers';
import { ATTEMPT_PATHS, type AttemptView } from '@aula/domain/attempts';
import { SIGN_IN_TYPES } from '@aula/domain/auth';
import { ltiDeployments, ltiPlatforms, oauthConnections } from '../src/db/schema';
import type { Db } from '../src/db/client';
import type { EveryKindQuestions } from '../src/db/seed/work-factories';
import type { PlatformServices } from './lti-platform-services';
import { call, type TestApp } from './test-app';

// Around the test platform's services (lti-platform-services.ts): its registration in Aula (platform + deployment
// of a district), students' LTI identities on it, and a student's submitted attempt of the every-kind activity.

export async function registerPlatform(db: Db, p: PlatformServices, accountId: number) {
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      name: 'Test LMS',
      issuer: p.issuer,
      clientId: p.clientId,
      keySetUrl: `${p.base}/jwks`,
      accessTokenUrl: p.tokenUrl,
      oidcAuthUrl: `${p.base}/auth`,
    })
    .returning();
  const [deployment] = await db
    .insert(ltiDeployments)
    .values({ platformId: platform!.id, deploymentId: `dep-${accountId}`, accountId })
    .returning();
  return { platform: platform!, deployment: deployment! };
}

/** The identity link a launch records: the user is `subject` on the platform's issuer. */
export async function linkLtiIdentity(db: Db, userId: number, issuer: string, subject: string) {
  await db.insert(oauthConnections).values({ userId, provider: SIGN_IN_TYPES.lti, issuer, subject });
}

/** Answers that pass 000 section 5 for every question of the every-kind activity (all automatic ones right). */
export function completeAnswers(q: EveryKindQuestions) {
  const w = answerToWire;
  const [iron, copper] = q.checkbox.options;
  const [water] = q.radio.options;
  const [boil, , freeze] = q.dropdown.options;
  const [moon, earth] = q.dnd.options;
  return [
    { question_id: q.checkbox.id, value: w({ options: [iron!.id, copper!.id] }), revision: 1 },
    { question_id: q.radio.id, value: w({ options: [water!.id] }), revision: 1 },
    { question_id: q.essay.id, value: w({ text: 'Ice is less dense than water.' }), revision: 1 },
    { question_id: q.textarea.id, value: w({ text: 'Bubbles rose.' }), revision: 1 },
    { question_id: q.dropdown.id, value: w({ slots: { s1: boil!.id, s2: freeze!.id } }), revision: 1 },
    { question_id: q.dnd.id, value: w({ slots: { d1: moon!.id, d2: earth!.id } }), revision: 1 },
    {
      question_id: q.tldraw.id,
      value: w({ drawing: { shapes: [{ id: 'a', type: 'arrow' }] }, assets: [] }),
      revision: 1,
    },
  ];
}

/** The every-kind activity's maximum: every scored question's maximum. */
export const everyKindMaximum = (q: EveryKindQuestions) =>
  Object.values(q).reduce((sum, question) => sum + (maxScore(question) ?? 0), 0);

/** Start, answer everything and submit over HTTP as the student; the submitted attempt's id. */
export async function submitEveryKind(
  t: TestApp,
  token: string,
  assignmentId: number,
  activityId: number,
  q: EveryKindQuestions,
) {
  const started = await call(t.app, 'POST', ATTEMPT_PATHS.start(assignmentId, activityId), { token });
  expect(started.statusCode).toBe(200);
  const attemptId = started.json<{ data: AttemptView }>().data.attempt!.id;
  const saved = await call(t.app, 'POST', ATTEMPT_PATHS.answers(attemptId), {
    token,
    body: { answers: completeAnswers(q) },
  });
  expect(saved.statusCode).toBe(200);
  const res = await call(t.app, 'POST', ATTEMPT_PATHS.submit(attemptId), { token });
  expect(res.statusCode).toBe(200);
  return attemptId;
}

/** Polls until `read` gives a value `done` accepts (the job worker runs on its own schedule). */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (v: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}
