import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedActivity } from '../../../test/assignment-fixtures';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { statusesByActor } from '../../../test/tenancy-fixtures';
import { createActivity } from '../../db/seed/catalogue-factories';

let t: TestApp;
let w: ClassWorld;

type Group = {
  type: string;
  total: number;
  hits: { type: string; id: number; title: string; subtitle: string | null }[];
};
async function search(token: string, body: object) {
  const res = await call(t.app, 'POST', '/dashboard/search', { token, body });
  return { status: res.statusCode, json: res.json<{ data: { query: string; groups: Group[] } }>() };
}
const groupOf = (groups: Group[], type: string) => groups.find((g) => g.type === type);
const titles = (g: Group | undefined) => g?.hits.map((h) => h.title);

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
  await publishedActivity(w.db, { domainId: w.domA.id, title: 'Adams Family Genetics' });
  await createActivity(w.db, { domainId: w.domA.id, title: 'Adams draft', status: 'draft' });
  await publishedActivity(w.db, { domainId: w.domB.id, title: 'Beta Adams Secret' });
  await w.pool.query("update activities set description = 'Punnett squares and dominant traits' where title = $1", [
    'Adams Family Genetics',
  ]);
});
afterAll(() => t.close());

describe('POST /dashboard/search', () => {
  it("finds a teacher only the students of the classes they teach, never a colleague's or another district's", async () => {
    const ava = await search(w.tokens.teacher, { query: 'Ava' });
    expect(ava.status).toBe(200);
    expect(groupOf(ava.json.data.groups, 'student')).toMatchObject({
      total: 1,
      hits: [{ type: 'student', id: w.students.ava.id, title: 'Ava Adams' }],
    });
    for (const name of ['Dan', 'Eve Evans']) {
      const res = await search(w.tokens.teacher, { query: name });
      expect(groupOf(res.json.data.groups, 'student')!.total, name).toBe(0);
    }
    // the teacher's groups are what their policy views: no accounts, no other staff, no schools
    expect(ava.json.data.groups.map((g) => g.type)).toEqual(['student', 'class', 'teacher', 'activity', 'assignment']);
  });

  it("shows a district admin their whole district and never another district's names", async () => {
    const d = await search(w.tokens.district, { query: 'da', per_page: 10 });
    // Dan Dale (a colleague's student, rank: a name starting so), Ava Adams (a word starting so)
    expect(titles(groupOf(d.json.data.groups, 'student'))).toEqual(['Dan Dale', 'Ava Adams']);
    for (const q of ['Eve', 'Beta', 'B1', 'Secret']) {
      const res = await search(w.tokens.district, { query: q });
      expect(res.status).toBe(200);
      expect(
        res.json.data.groups.filter((g) => g.total > 0).map((g) => g.type),
        q,
      ).toEqual([]);
      expect(JSON.stringify(res.json.data.groups), q).not.toMatch(/Beta|Evans|B1/);
    }
    const classes = await search(w.tokens.district, { query: 'biology' });
    expect(titles(groupOf(classes.json.data.groups, 'class'))).toEqual(['Biology - 3']);
    expect(groupOf(classes.json.data.groups, 'class')!.hits[0]!.subtitle).toBe('A1 School a');
  });

  it('matches the published library by title and by words of the description', async () => {
    const res = await search(w.tokens.teacher, { query: 'adams', types: ['activity'] });
    expect(res.json.data.groups).toEqual([
      {
        type: 'activity',
        total: 1,
        page: 1,
        per_page: 5,
        hits: [expect.objectContaining({ title: 'Adams Family Genetics' })],
      },
    ]);
    const words = await search(w.tokens.teacher, { query: 'dominant punnett', types: ['activity'] });
    expect(titles(words.json.data.groups[0])).toEqual(['Adams Family Genetics']);
  });

  it('gives a role without student view no student group, even when asked for one', async () => {
    const res = await search(w.tokens.custom, { query: 'Alpha', types: ['student', 'account'] });
    expect(res.status).toBe(200);
    expect(res.json.data.groups.map((g) => g.type)).toEqual(['account']);
    expect(titles(res.json.data.groups[0])).toEqual(['Alpha District']);
    const all = await search(w.tokens.custom, { query: 'Ava' });
    expect(all.json.data.groups.map((g) => g.type)).toEqual(['account']);
  });

  it('takes wildcards literally and pages one group', async () => {
    const pct = await search(w.tokens.district, { query: '%%', types: ['student'] });
    expect(pct.json.data.groups[0]!.total).toBe(0);
    const page2 = await search(w.tokens.district, { query: 'da', types: ['student'], per_page: 1, page: 2 });
    expect(page2.json.data.groups).toEqual([
      { type: 'student', total: 2, page: 2, per_page: 1, hits: [expect.objectContaining({ title: 'Ava Adams' })] },
    ]);
  });

  it('answers 422 for a 1-character query, an unknown type or a bad page; 401 for students', async () => {
    for (const body of [
      { query: 'a' },
      { query: '  b  ' },
      {},
      { query: 'ab', types: ['secrets'] },
      { query: 'ab', page: 0 },
    ]) {
      const res = await call(t.app, 'POST', '/dashboard/search', { token: w.tokens.district, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const short = await call(t.app, 'POST', '/dashboard/search', { token: w.tokens.district, body: { query: 'a' } });
    expect(short.json()).toMatchObject({ errors: { query: ['Query must be at least 2 characters long'] } });
    expect((await statusesByActor(t, w, 'POST', '/dashboard/search', { query: 'ab' })).student).toBe(401);
  });
});

describe('GET /dashboard/search/details', () => {
  const details = (token: string, type: string, id: number | string) =>
    call(t.app, 'GET', `/dashboard/search/details?type=${type}&id=${id}`, { token });

  it('resolves a hit the caller may see; 404 for one they may not; 403 without view of the type', async () => {
    const ava = await details(w.tokens.teacher, 'student', w.students.ava.id);
    expect(ava.statusCode).toBe(200);
    expect(ava.json()).toEqual({
      data: { type: 'student', id: w.students.ava.id, title: 'Ava Adams', subtitle: null },
    });
    expect((await details(w.tokens.teacher, 'student', w.students.dan.id)).statusCode).toBe(404);
    expect((await details(w.tokens.district, 'student', w.students.eve.id)).statusCode).toBe(404);
    expect((await details(w.tokens.district, 'class', w.classes.betaBiology.id)).statusCode).toBe(404);
    expect((await details(w.tokens.custom, 'student', w.students.ava.id)).statusCode).toBe(403);
    expect((await details(w.tokens.teacher, 'account', w.accA1.id)).statusCode).toBe(403);
    expect((await details(w.tokens.district, 'account', w.accA1.id)).statusCode).toBe(200);
    expect((await details(w.tokens.district, 'account', w.accB1.id)).statusCode).toBe(404);
    expect((await details(w.tokens.district, 'nothing', 1)).statusCode).toBe(422);
    expect((await details(w.tokens.district, 'student', 'x')).statusCode).toBe(422);
  });
});
