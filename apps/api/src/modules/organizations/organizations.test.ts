import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createClass } from '../../db/seed/factories';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const as = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, url, { token: w.tokens[actor], body });

const school = {
  name: '  Maple Elementary ',
  nces_id: '120039000123',
  address1: '1 Maple Road',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  latitude: 39.78,
  longitude: -89.65,
  phone: '+1 (217) 555-0100',
  website: 'https://maple.example.org',
};

describe('POST /dashboard/organizations', () => {
  it('creates a school in the district administrator’s own account, with an audit entry', async () => {
    const res = await as('district', 'POST', '/dashboard/organizations', school);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.any(Number),
      account_id: w.accA1.id,
      name: 'Maple Elementary',
      nces_id: '120039000123',
      address1: '1 Maple Road',
      address2: null,
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      latitude: 39.78,
      longitude: -89.65,
      phone: '+1 (217) 555-0100',
      website: 'https://maple.example.org',
      source: 'manual',
    });
    expect(await countOf(w, 'audit_log', `action = 'organization.created' and entity_id = '${data.id}'`)).toBe(1);
    // the new school is in the district's list
    const list = await as('district', 'POST', '/dashboard/organizations/all', { search: 'maple' });
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([data.id]);
  });

  it('refuses another account for a district administrator, and asks provider staff which account', async () => {
    const before = await countOf(w, 'organizations');
    const other = await as('district', 'POST', '/dashboard/organizations', {
      name: 'Elsewhere',
      account_id: w.accA2.id,
    });
    expect(other.statusCode).toBe(404);
    const noAccount = await as('super', 'POST', '/dashboard/organizations', { name: 'Nowhere School' });
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().errors).toEqual({ account_id: ['Please select account'] });
    const otherDomain = await as('domain', 'POST', '/dashboard/organizations', {
      name: 'Beta Annex',
      account_id: w.accB1.id,
    });
    expect(otherDomain.statusCode).toBe(404);
    expect(await countOf(w, 'organizations')).toBe(before);
  });

  it('lets provider staff and domain administrators create in an account of their slice', async () => {
    const bySuper = await as('super', 'POST', '/dashboard/organizations', {
      name: 'Beta High',
      account_id: w.accB1.id,
    });
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().data).toMatchObject({ account_id: w.accB1.id, name: 'Beta High', city: null });
    const byDomain = await as('domain', 'POST', '/dashboard/organizations', {
      name: 'Alpine Middle',
      account_id: w.accA2.id,
    });
    expect(byDomain.statusCode).toBe(200);
    expect(byDomain.json().data.account_id).toBe(w.accA2.id);
  });

  it('refuses every role without organization or account management', async () => {
    const before = await countOf(w, 'organizations');
    const statuses = await statusesByActor(t, w, 'POST', '/dashboard/organizations', (a: Actor) => ({
      name: `Matrix ${a}`,
      account_id: a === 'super' || a === 'domain' ? w.accA1.id : undefined,
    }));
    expect(statuses).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    expect(await countOf(w, 'organizations')).toBe(before + 3);
  });

  it('answers bad input with 422 and the spec messages, writing nothing', async () => {
    const before = await countOf(w, 'organizations');
    const empty = await as('district', 'POST', '/dashboard/organizations', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Please enter name'] });
    const bad = await as('district', 'POST', '/dashboard/organizations', {
      name: 'A',
      latitude: 91,
      longitude: 'east',
      phone: 'call me',
      website: 'maple.example',
      city: 'x'.repeat(256),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['Name must be at least 2 characters long'],
      latitude: ['Please enter a valid latitude'],
      longitude: ['Please enter a valid longitude'],
      phone: ['Please enter a valid phone'],
      website: ['Please enter a valid website'],
      city: ['City must not exceed 255 characters'],
    });
    expect(await countOf(w, 'organizations')).toBe(before);
  });
});

describe('GET and PUT /dashboard/organizations/:id', () => {
  it('shows a school to whoever sees it, and hides another district’s and a school admin’s other schools', async () => {
    expect(await statusesByActor(t, w, 'GET', `/dashboard/organizations/${w.orgA1a.id}`)).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 403,
      custom: 403,
      student: 401,
    });
    const got = await as('school', 'GET', `/dashboard/organizations/${w.orgA1a.id}`);
    expect(got.json().data).toMatchObject({ id: w.orgA1a.id, name: 'A1 School a', account_id: w.accA1.id });
    expect((await as('school', 'GET', `/dashboard/organizations/${w.orgA1b.id}`)).statusCode).toBe(404);
    expect((await as('district', 'GET', `/dashboard/organizations/${w.orgA2.id}`)).statusCode).toBe(404);
    expect((await as('domain', 'GET', `/dashboard/organizations/${w.orgB1.id}`)).statusCode).toBe(404);
    expect((await as('super', 'GET', '/dashboard/organizations/0')).statusCode).toBe(422);
  });

  it('updates a school of the district, and refuses the wrong role and another district', async () => {
    const made = (await as('district', 'POST', '/dashboard/organizations', { name: 'Oak School' })).json().data;
    const res = await as('district', 'PUT', `/dashboard/organizations/${made.id}`, {
      ...school,
      name: 'Oak Academy',
      city: 'Shelbyville',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: made.id, name: 'Oak Academy', city: 'Shelbyville', address2: null });
    const row = await w.pool.query('select name, city, account_id from organizations where id = $1', [made.id]);
    expect(row.rows[0]).toEqual({ name: 'Oak Academy', city: 'Shelbyville', account_id: w.accA1.id });
    expect(await countOf(w, 'audit_log', `action = 'organization.updated' and entity_id = '${made.id}'`)).toBe(1);

    for (const actor of ['school', 'teacher', 'custom'] as const) {
      const refused = await as(actor, 'PUT', `/dashboard/organizations/${w.orgA1a.id}`, { name: 'Renamed' });
      expect(refused.statusCode).toBe(403);
    }
    const otherDistrict = await as('district', 'PUT', `/dashboard/organizations/${w.orgA2.id}`, { name: 'Renamed' });
    expect(otherDistrict.statusCode).toBe(404);
    const otherDomain = await as('domain', 'PUT', `/dashboard/organizations/${w.orgB1.id}`, { name: 'Renamed' });
    expect(otherDomain.statusCode).toBe(404);
    const names = await w.pool.query('select name from organizations where id = any($1) order by id', [
      [w.orgA1a.id, w.orgA2.id, w.orgB1.id],
    ]);
    expect(names.rows.map((r) => r.name)).toEqual(['A1 School a', 'A2 School', 'B1 School']);
  });

  it('keeps the school unchanged on bad input', async () => {
    const res = await as('district', 'PUT', `/dashboard/organizations/${w.orgA1b.id}`, { name: ' ', website: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Please enter name'], website: ['Please enter a valid website'] });
    const row = await w.pool.query('select name, website from organizations where id = $1', [w.orgA1b.id]);
    expect(row.rows[0]).toEqual({ name: 'A1 School b', website: null });
  });
});

describe('POST /dashboard/summaries/organization', () => {
  const DAY = 86_400_000;
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

  async function assignment(orgClassId: number, start: number, due: number | null, deleted = false) {
    const res = await w.pool.query(
      'insert into assignments (account_id, name, start_at, due_at, deleted_at) values ($1, $2, $3, $4, $5) returning id',
      [w.accA1.id, `Summary ${start}/${due}`, at(start), due === null ? null : at(due), deleted ? new Date() : null],
    );
    const id = res.rows[0].id as number;
    await w.pool.query(
      `insert into assignment_members (assignment_id, member_type, member_id) values ($1, 'class', $2)`,
      [id, orgClassId],
    );
  }

  it('counts the school’s assignments by status and its classes', async () => {
    const c1 = await createClass(w.db, { accountId: w.accA1.id, organizationId: w.orgA1b.id, title: 'Summary 1' });
    await createClass(w.db, { accountId: w.accA1.id, organizationId: w.orgA1b.id, title: 'Summary 2' });
    const gone = await createClass(w.db, { accountId: w.accA1.id, organizationId: w.orgA1b.id, title: 'Gone' });
    await w.pool.query('update classes set deleted_at = now() where id = $1', [gone.id]);
    const elsewhere = await createClass(w.db, { accountId: w.accA2.id, organizationId: w.orgA2.id });
    await assignment(c1.id, 2, 5); // upcoming
    await assignment(c1.id, -1, 3); // current
    await assignment(c1.id, -1, null); // current, no due date
    await assignment(c1.id, -5, -1); // past due
    await assignment(c1.id, -5, 5, true); // deleted: not counted
    await assignment(elsewhere.id, -1, 3); // another school's

    const res = await as('district', 'POST', '/dashboard/summaries/organization', { organization_id: w.orgA1b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      organization_id: w.orgA1b.id,
      assignments: [
        { status: 'upcoming', count: 1 },
        { status: 'current', count: 2 },
        { status: 'past_due', count: 1 },
      ],
      assignments_total: 4,
      classes: 2,
    });
    const other = await as('super', 'POST', '/dashboard/summaries/organization', { organization_id: w.orgA2.id });
    expect(other.json().data).toMatchObject({ assignments_total: 1, classes: 1 });
  });

  it('refuses the wrong role, another district and a school admin’s other school', async () => {
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/summaries/organization', { organization_id: w.orgA1a.id }),
    ).toEqual({ super: 200, domain: 200, district: 200, school: 200, teacher: 403, custom: 403, student: 401 });
    const sum = (actor: Actor, id: number) =>
      as(actor, 'POST', '/dashboard/summaries/organization', { organization_id: id });
    expect((await sum('district', w.orgA2.id)).statusCode).toBe(404);
    expect((await sum('domain', w.orgB1.id)).statusCode).toBe(404);
    expect((await sum('school', w.orgA1b.id)).statusCode).toBe(404);
    const bad = await as('super', 'POST', '/dashboard/summaries/organization', {});
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ organization_id: ['Please select organization'] });
  });
});
