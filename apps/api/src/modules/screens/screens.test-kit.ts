// What the screen API tests share: the builder state's shape, reading it, and a screen's body for a save.
import { expect } from 'vitest';
import type { ScreenBody } from '@aula/domain/activity-content';
import { call, type TestApp } from '../../../test/test-app';

export interface ScreenJson {
  screen_id: number;
  version_id: number;
  section: number;
  position: number;
  content: ScreenBody['content'];
  questions: ScreenBody['questions'];
  media: number[];
  links: { screen_id: number; version_id: number; activity_id: number; activity_title: string }[];
  origin: { screen_id: number; version_id: number; activity_id: number; activity_title: string } | null;
  linked: boolean;
}

export const json = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

export async function readState(t: TestApp, activityId: number, token: string) {
  const res = await call(t.app, 'GET', `/dashboard/activities/${activityId}/screens`, { token });
  expect(res.statusCode).toBe(200);
  return json<{ screens: ScreenJson[]; history: { id: number; number: number; title: string }[]; media: unknown[] }>(
    res,
  );
}

export const bodyOf = (s: ScreenJson): ScreenBody =>
  structuredClone({ content: s.content, questions: s.questions, media: s.media, sensors: [] });
