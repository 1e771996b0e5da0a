import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { buildClassWorld, type ClassWorld } from '../../../test/classes-fixtures';
import { ACTORS, countOf, statusesByActor, type Actor, type Expect } from '../../../test/tenancy-fixtures';
import { createGroup } from '../../db/seed/factories';

// Route x role bundle x own/other tenant for the group calls (DESIGN.md 9). Wrong role: the custom role (account
// view only) gets 403, a student's session 401. Wrong tenant: a group outside the caller's slice does not exist for
// them (404): another account's, another school's for a school admin, one a teacher neither made nor teaches.

let t: TestApp;
let w: ClassWorld;

const OWN: Expect = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
const OTHER_ACCOUNT: Expect = { ...OWN, domain: 404, district: 404, school: 404, teacher: 404 };
const OTHER_SCHOOL: Expect = { ...OWN, school: 404, teacher: 404 };
const NOT_MINE: Expect = { ...OWN, teacher: 404 };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildClassWorld(t);
});
afterAll(() => t.close());

/** Groups of school A1a the signed-in teacher made, one per actor (optionally deleted). */
async function teacherGroups(opts: { deleted?: boolean } = {}): Promise<Record<Actor, number>> {
  const out = {} as Record<Actor, number>;
  for (const a of ACTORS)
    out[a] = (
      await createGroup(w.db, {
        accountId: w.accA1.id,
        organizationId: w.orgA1a.id,
        name: `For ${a}`,
        createdBy: w.users.teacher.id,
        studentIds: [w.students.ava.id],
        deleted: opts.deleted ?? false,
      })
    ).id;
  return out;
}

const groupOf = (v: { accountId: number; organizationId: number; createdBy: number; deleted?: boolean }) =>
  createGroup(w.db, { ...v, name: 'Other' });

describe('group lists', () => {
  it('POST /dashboard/groups/list, /my and /relations need group view', async () => {
    for (const path of ['/dashboard/groups/list', '/dashboard/groups/my', '/dashboard/groups/relations'])
      expect(await statusesByActor(t, w, 'POST', path, {}), path).toEqual(OWN);
  });

  it('lists under an account, school, teacher, student and class: own and other tenants', async () => {
    const cases: [string, Expect][] = [
      [`/accounts/${w.accA1.id}`, OWN],
      [`/accounts/${w.accB1.id}`, OTHER_ACCOUNT],
      [`/organizations/${w.orgA1a.id}`, OWN],
      [`/organizations/${w.orgA1b.id}`, OTHER_SCHOOL],
      [`/organizations/${w.orgB1.id}`, OTHER_ACCOUNT],
      [`/teachers/${w.users.teacher.id}`, OWN],
      [`/teachers/${w.teacherB.id}`, OTHER_ACCOUNT],
      [`/students/${w.students.ava.id}`, OWN],
      [`/students/${w.students.dan.id}`, OTHER_SCHOOL],
      [`/students/${w.students.eve.id}`, OTHER_ACCOUNT],
      [`/classes/${w.classes.biology.id}`, OWN],
      [`/classes/${w.classes.chemistry.id}`, NOT_MINE],
      [`/classes/${w.classes.physics.id}`, OTHER_SCHOOL],
      [`/classes/${w.classes.betaBiology.id}`, OTHER_ACCOUNT],
    ];
    for (const [subject, expected] of cases)
      expect(await statusesByActor(t, w, 'POST', `/dashboard${subject}/groups`, {}), subject).toEqual(expected);
  });
});

describe('one group', () => {
  const cases = async () => {
    const mine = await groupOf({ accountId: w.accA1.id, organizationId: w.orgA1a.id, createdBy: w.users.teacher.id });
    const colleagues = await groupOf({ accountId: w.accA1.id, organizationId: w.orgA1a.id, createdBy: w.colleague.id });
    const otherSchool = await groupOf({
      accountId: w.accA1.id,
      organizationId: w.orgA1b.id,
      createdBy: w.colleague.id,
    });
    const otherAccount = await groupOf({ accountId: w.accB1.id, organizationId: w.orgB1.id, createdBy: w.teacherB.id });
    return [
      ['made by the teacher', mine.id, OWN],
      ["a colleague's", colleagues.id, NOT_MINE],
      ['of another school', otherSchool.id, OTHER_SCHOOL],
      ['of another account', otherAccount.id, OTHER_ACCOUNT],
    ] as const;
  };

  it('GET /dashboard/groups/:id', async () => {
    for (const [label, id, expected] of await cases())
      expect(await statusesByActor(t, w, 'GET', `/dashboard/groups/${id}`), label).toEqual(expected);
  });

  it('PUT /dashboard/groups/:id', async () => {
    const body = (a: Actor) => ({ name: `By ${a}` });
    for (const [label, id, expected] of await cases()) {
      expect(await statusesByActor(t, w, 'PUT', `/dashboard/groups/${id}`, body), label).toEqual(expected);
      // the group keeps the name of the last caller allowed to change it: nobody refused wrote
      const last = ACTORS.filter((a) => expected[a] === 200).pop()!;
      const row = await w.pool.query('select name from groups where id = $1', [id]);
      expect(row.rows[0].name, label).toBe(`By ${last}`);
    }
  });

  it('POST /dashboard/groups: in the own account, and naming another account', async () => {
    const body = (a: Actor) => ({
      name: `New ${a}`,
      student_ids: [w.students.ava.id],
      class_ids: [w.classes.biology.id],
    });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/groups', body)).toEqual(OWN);
    const made = await w.pool.query(`select name from groups where name like 'New %' order by id`);
    expect(made.rows.map((r) => r.name)).toEqual([
      'New super',
      'New domain',
      'New district',
      'New school',
      'New teacher',
    ]);
    const elsewhere = (a: Actor) => ({ name: `Elsewhere ${a}`, account_id: w.accB1.id });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/groups', elsewhere)).toEqual(OTHER_ACCOUNT);
    expect(await countOf(w, 'groups', `name like 'Elsewhere %'`)).toBe(1);
  });

  it('DELETE /dashboard/groups/:id and PUT /dashboard/groups/:id/restore', async () => {
    const live = await teacherGroups();
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/groups/${live[a]}`)).toEqual(OWN);
    const gone = await teacherGroups({ deleted: true });
    expect(await statusesByActor(t, w, 'PUT', (a) => `/dashboard/groups/${gone[a]}/restore`)).toEqual(OWN);
    // refused callers changed nothing: their groups are still live, resp. still deleted
    const state = async (id: number) =>
      (await w.pool.query('select deleted_at is not null as deleted from groups where id = $1', [id])).rows[0].deleted;
    expect(await state(live.custom)).toBe(false);
    expect(await state(live.student)).toBe(false);
    expect(await state(gone.custom)).toBe(true);
    expect(await state(gone.student)).toBe(true);

    const other = await groupOf({ accountId: w.accB1.id, organizationId: w.orgB1.id, createdBy: w.teacherB.id });
    expect(await statusesByActor(t, w, 'DELETE', `/dashboard/groups/${other.id}`)).toEqual(OTHER_ACCOUNT);
    expect(await statusesByActor(t, w, 'PUT', `/dashboard/groups/${other.id}/restore`)).toEqual(OTHER_ACCOUNT);
    expect(await state(other.id)).toBe(false);
  });
});
