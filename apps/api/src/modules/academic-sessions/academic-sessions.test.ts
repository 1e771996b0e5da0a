import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';
import { createAccount, createClass } from '../../db/seed/factories';

// Academic sessions (002 section 7 Others): every route with the wrong role (403), the wrong tenant (404), bad
// input (422, nothing written) and the rows it writes.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const fall = { title: 'Fall Semester', type: 'semester', start_date: '2025-08-01', end_date: '2025-12-19' };
type Session = { id: number; title: string; account_id: number | null; school_year_label: string };

async function create(actor: Actor, body: object) {
  return call(t.app, 'POST', '/dashboard/academic-sessions', { token: w.tokens[actor], body });
}
async function sessionIn(accountId: number, extra: object = {}): Promise<Session> {
  const res = await create('super', { ...fall, account_id: accountId, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data as Session;
}

describe('permissions', () => {
  const readers = { super: 200, domain: 200, district: 200, school: 200, teacher: 403, custom: 403, student: 401 };

  it('list, templates, types, school years and current are for holders of academic-session view', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/academic-sessions/list', {})).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/academic-sessions/templates', {})).toEqual(readers);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/academic-sessions/types')).toEqual(readers);
    const scoped = { scope: { account_id: w.accA1.id } };
    expect(await statusesByActor(t, w, 'POST', '/dashboard/academic-sessions/school-years', scoped)).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/academic-sessions/current', scoped)).toEqual(readers);
  });

  it('create, update and delete are for domain, district and school administrators (and staff)', async () => {
    const body = { ...fall, account_id: w.accA1.id };
    expect(await statusesByActor(t, w, 'POST', '/dashboard/academic-sessions', body)).toEqual(readers);
    const ids = {} as Record<Actor, number>;
    for (const a of ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const)
      ids[a] = (await sessionIn(w.accA1.id)).id;
    expect(
      await statusesByActor(t, w, 'PATCH', (a) => `/dashboard/academic-sessions/${ids[a]}`, { title: 'Renamed' }),
    ).toEqual(readers);
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/academic-sessions/${ids[a]}`)).toEqual(readers);
  });

  it('another tenant’s sessions do not exist for the caller (404) and stay unchanged', async () => {
    const other = await sessionIn(w.accB1.id, { title: 'Beta year' });
    const sibling = await sessionIn(w.accA2.id, { title: 'Alpine year' });
    for (const actor of ['domain', 'district', 'school'] as const) {
      expect(
        (await call(t.app, 'GET', `/dashboard/academic-sessions/${other.id}`, { token: w.tokens[actor] })).statusCode,
      ).toBe(404);
      const patch = await call(t.app, 'PATCH', `/dashboard/academic-sessions/${other.id}`, {
        token: w.tokens[actor],
        body: { title: 'Taken over' },
      });
      expect(patch.statusCode).toBe(404);
      const del = await call(t.app, 'DELETE', `/dashboard/academic-sessions/${other.id}`, { token: w.tokens[actor] });
      expect(del.statusCode).toBe(404);
    }
    // a district administrator does not reach a sibling account of the same domain; the domain administrator does
    expect(
      (
        await call(t.app, 'PATCH', `/dashboard/academic-sessions/${sibling.id}`, {
          token: w.tokens.district,
          body: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/dashboard/academic-sessions/${sibling.id}`, { token: w.tokens.domain })).statusCode,
    ).toBe(200);
    const row = await w.pool.query('select title, deleted_at from academic_sessions where id = $1', [other.id]);
    expect(row.rows[0]).toEqual({ title: 'Beta year', deleted_at: null });
    // naming another account in a list, a create or the current session is a 404 too
    for (const [path, body] of [
      ['/dashboard/academic-sessions/list', { scope: { account_id: w.accB1.id } }],
      ['/dashboard/academic-sessions/current', { scope: { account_id: w.accA2.id } }],
      ['/dashboard/academic-sessions/school-years', { scope: { account_id: w.accB1.id } }],
      ['/dashboard/academic-sessions', { ...fall, account_id: w.accB1.id }],
    ] as const) {
      const res = await call(t.app, 'POST', path, { token: w.tokens.district, body });
      expect(res.statusCode, path).toBe(404);
    }
    expect(await countOf(w, 'academic_sessions', `account_id = ${w.accB1.id}`)).toBe(1);
  });
});

describe('create, list, update and delete', () => {
  it('a district administrator creates a Semester in their account, listed with its school-year label', async () => {
    const res = await create('district', fall);
    expect(res.statusCode).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({
      title: 'Fall Semester',
      type: 'semester',
      school_year: 2026,
      school_year_label: '(2025-2026)',
      start_date: '2025-08-01',
      end_date: '2025-12-19',
      account_id: w.accA1.id,
      domain_id: w.domA.id,
      is_template: false,
    });
    const row = await w.pool.query('select type, school_year, account_id from academic_sessions where id = $1', [
      made.id,
    ]);
    expect(row.rows[0]).toEqual({ type: 'semester', school_year: 2026, account_id: w.accA1.id });
    const list = await call(t.app, 'POST', '/dashboard/academic-sessions/list', {
      token: w.tokens.school,
      body: { search: 'fall', type: 'semester', per_page: 100 },
    });
    expect(list.json().data.map((s: Session) => s.id)).toContain(made.id);
    expect(list.json().data.every((s: Session) => s.account_id === w.accA1.id)).toBe(true);
    expect(await countOf(w, 'audit_log', `action = 'academic-session.created' and entity_id = '${made.id}'`)).toBe(1);
  });

  it('refuses bad dates and types with the messages, writing nothing', async () => {
    const before = await countOf(w, 'academic_sessions');
    const backwards = await create('district', { ...fall, end_date: '2025-07-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ end_date: ['The end date must not be before the start date.'] });
    const bad = await create('district', { title: '', type: 'quarter', start_date: '2025-02-30', end_date: '' });
    expect(bad.json().errors).toEqual({
      title: ['Please enter title'],
      type: ['Please select type'],
      start_date: ['Please enter a valid start date'],
      end_date: ['Please enter end date'],
    });
    const year = await create('district', { ...fall, school_year: 2025 });
    expect(year.json().errors).toEqual({ school_year: ['The school year must be the one the start date falls in.'] });
    const spanish = await call(t.app, 'POST', '/dashboard/academic-sessions', {
      token: w.tokens.district,
      body: { ...fall, end_date: '2025-01-01' },
      lang: 'es',
    });
    expect(spanish.json().errors.end_date).toEqual(['La fecha de fin no puede ser anterior a la fecha de inicio.']);
    expect(await countOf(w, 'academic_sessions')).toBe(before);
  });

  it('updates checking the dates against the stored ones; a new start date moves the school year', async () => {
    const s = await sessionIn(w.accA1.id);
    const backwards = await call(t.app, 'PATCH', `/dashboard/academic-sessions/${s.id}`, {
      token: w.tokens.school,
      body: { start_date: '2026-01-05' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ end_date: ['The end date must not be before the start date.'] });
    const spring = await call(t.app, 'PATCH', `/dashboard/academic-sessions/${s.id}`, {
      token: w.tokens.school,
      body: { title: 'Spring Semester', start_date: '2026-08-17', end_date: '2026-12-18' },
    });
    expect(spring.statusCode).toBe(200);
    expect(spring.json().data).toMatchObject({
      title: 'Spring Semester',
      school_year: 2027,
      school_year_label: '(2026-2027)',
    });
  });

  it('deletes (soft) an unused session; one used by a class stays with 409', async () => {
    const used = await sessionIn(w.accA1.id, { title: 'Used' });
    const cls = await createClass(w.db, { accountId: w.accA1.id, organizationId: w.orgA1a.id });
    await w.pool.query('update classes set academic_session_id = $1 where id = $2', [used.id, cls.id]);
    const refused = await call(t.app, 'DELETE', `/dashboard/academic-sessions/${used.id}`, {
      token: w.tokens.district,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This academic session is used by 1 classes and 0 PAS plans and cannot be deleted.',
    );
    const free = await sessionIn(w.accA1.id, { title: 'Free' });
    expect(
      (await call(t.app, 'DELETE', `/dashboard/academic-sessions/${free.id}`, { token: w.tokens.district })).statusCode,
    ).toBe(200);
    expect(await countOf(w, 'academic_sessions', `id = ${free.id} and deleted_at is not null`)).toBe(1);
    expect(
      (await call(t.app, 'GET', `/dashboard/academic-sessions/${free.id}`, { token: w.tokens.district })).statusCode,
    ).toBe(404);
  });

  it('domain and provider staff list every account of their slice, or one account', async () => {
    const other = await sessionIn(w.accB1.id, { title: 'Only B' });
    const domainList = await call(t.app, 'POST', '/dashboard/academic-sessions/list', {
      token: w.tokens.domain,
      body: { per_page: 300 },
    });
    expect(domainList.json().data.map((s: Session) => s.id)).not.toContain(other.id);
    const superOne = await call(t.app, 'POST', '/dashboard/academic-sessions/list', {
      token: w.tokens.super,
      body: { scope: { account_id: w.accB1.id }, per_page: 300 },
    });
    expect(superOne.json().data.map((s: Session) => s.title)).toContain('Only B');
    expect(superOne.json().data.every((s: Session) => s.account_id === w.accB1.id)).toBe(true);
  });
});

describe('templates', () => {
  it('a domain administrator writes templates; districts of the domain read them but cannot change them', async () => {
    const res = await create('domain', { ...fall, title: 'Domain fall', is_template: true });
    expect(res.statusCode).toBe(200);
    const tpl = res.json().data;
    expect(tpl).toMatchObject({ is_template: true, account_id: null, domain_id: w.domA.id });
    const listed = await call(t.app, 'POST', '/dashboard/academic-sessions/templates', {
      token: w.tokens.district,
      body: {},
    });
    expect(listed.json().data.map((s: Session) => s.id)).toEqual([tpl.id]);
    // templates are not account sessions
    const sessions = await call(t.app, 'POST', '/dashboard/academic-sessions/list', {
      token: w.tokens.district,
      body: { per_page: 300 },
    });
    expect(sessions.json().data.map((s: Session) => s.id)).not.toContain(tpl.id);
    expect((await create('district', { ...fall, is_template: true })).statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'PATCH', `/dashboard/academic-sessions/${tpl.id}`, {
          token: w.tokens.district,
          body: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    // another domain's templates are not listed
    const superTpl = await create('super', { ...fall, title: 'B template', is_template: true, domain_id: w.domB.id });
    expect(superTpl.statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/dashboard/academic-sessions/templates', {
      token: w.tokens.domain,
      body: {},
    });
    expect(again.json().data.map((s: Session) => s.title)).toEqual(['Domain fall']);
    const foreign = await call(t.app, 'POST', '/dashboard/academic-sessions/templates', {
      token: w.tokens.domain,
      body: { domain_id: w.domB.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('types, school years and the current session', () => {
  it('GET types names Full Year, Semester and Custom Session in the caller’s language', async () => {
    const en = await call(t.app, 'GET', '/dashboard/academic-sessions/types', { token: w.tokens.district });
    expect(en.json().data).toEqual([
      { value: 'full_year', name: 'Full Year' },
      { value: 'semester', name: 'Semester' },
      { value: 'custom', name: 'Custom Session' },
    ]);
    const es = await call(t.app, 'GET', '/dashboard/academic-sessions/types', { token: w.tokens.district, lang: 'es' });
    expect(es.json().data[0]).toEqual({ value: 'full_year', name: 'Año completo' });
  });

  it('school years always offer the default academic year (2025-2026)', async () => {
    const fresh = await createAccount(w.db, { domainId: w.domA.id });
    const res = await call(t.app, 'POST', '/dashboard/academic-sessions/school-years', {
      token: w.tokens.domain,
      body: { scope: { account_id: fresh.id } },
    });
    expect(res.json().data).toEqual([
      { school_year: 2026, label: '(2025-2026)', start_date: '2025-08-01', end_date: '2026-05-31', sessions_count: 0 },
    ]);
    await sessionIn(fresh.id, {
      title: 'Next year',
      type: 'full_year',
      start_date: '2026-08-03',
      end_date: '2027-06-04',
    });
    const two = await call(t.app, 'POST', '/dashboard/academic-sessions/school-years', {
      token: w.tokens.domain,
      body: { scope: { account_id: fresh.id } },
    });
    expect(two.json().data.map((y: { label: string }) => y.label)).toEqual(['(2026-2027)', '(2025-2026)']);
    const missing = await call(t.app, 'POST', '/dashboard/academic-sessions/school-years', {
      token: w.tokens.domain,
      body: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ account_id: ['Please select account'] });
  });

  it('current is the account’s session that contains today, a Full Year first; null without sessions', async () => {
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const day = 86_400_000;
    const now = Date.now();
    const term = await sessionIn(w.accA2.id, {
      title: 'This term',
      type: 'custom',
      start_date: iso(new Date(now - 10 * day)),
      end_date: iso(new Date(now + 10 * day)),
    });
    const current = await call(t.app, 'POST', '/dashboard/academic-sessions/current', {
      token: w.tokens.domain,
      body: { scope: { account_id: w.accA2.id } },
    });
    expect(current.json().data).toMatchObject({ id: term.id, title: 'This term' });
    const none = await call(t.app, 'POST', '/dashboard/academic-sessions/current', {
      token: w.tokens.super,
      body: { scope: { account_id: w.accB1.id } },
    });
    expect(none.json().data.account_id).toBe(w.accB1.id);
    const { rows } = await w.pool.query<{ id: number }>(
      `insert into accounts (domain_id, name, district_id, zip_code, type) values ($1, 'Empty', 'EMPTY-1', '10001', 2) returning id`,
      [w.domA.id],
    );
    const empty = await call(t.app, 'POST', '/dashboard/academic-sessions/current', {
      token: w.tokens.domain,
      body: { scope: { account_id: rows[0]!.id } },
    });
    expect(empty.json()).toEqual({ data: null });
  });
});
