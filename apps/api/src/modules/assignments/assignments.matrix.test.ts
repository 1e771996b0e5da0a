import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import {
  ACTORS,
  buildWorld,
  countOf,
  statusesByActor,
  type Actor,
  type Expect,
  type World,
} from '../../../test/tenancy-fixtures';
import { buildAssignmentWorld, inDays, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { createUser } from '../../db/seed/factories';
import { createAssignment } from '../../db/seed/work-factories';

// Every assignments route x every role bundle x own and other tenant (DESIGN.md 9). Role refusals are 403 (the
// custom role holds account-view only), the student's token is not a dashboard session (401), rows of another
// district or school are 404.

let t: TestApp;
let w: World;
let f: AssignmentWorld;
let teacherB: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
  teacherB = await createUser(w.db, {
    role: 'teacher',
    domainId: w.domB.id,
    accountId: w.accB1.id,
    organizationIds: [w.orgB1.id],
  });
});
afterAll(() => t.close());

const D = '/dashboard';
/** Resources in the A1a school: every bundle reaches them. */
const OWN: Expect = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
/** Resources of another domain's district: only provider staff reach them. */
const OTHER: Expect = { super: 200, domain: 404, district: 404, school: 404, teacher: 404, custom: 403, student: 401 };
/** Resources of the other school of the same district: the school admin and the teacher do not reach them. */
const OTHER_SCHOOL: Expect = { ...OWN, school: 404, teacher: 404 };

async function perActor<T>(make: (a: Actor) => Promise<T>): Promise<Record<Actor, T>> {
  const out = {} as Record<Actor, T>;
  for (const a of ACTORS) out[a] = await make(a);
  return out;
}

const inA1a = (name: string, activityId = f.p1.id) =>
  createAssignment(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1a.id,
    name,
    activityIds: [activityId],
    members: [{ memberType: 'student', memberId: f.s2.id }],
  });
const inA1b = (name: string) =>
  createAssignment(w.db, {
    accountId: w.accA1.id,
    organizationId: w.orgA1b.id,
    name,
    activityIds: [f.p1.id],
    members: [{ memberType: 'class', memberId: f.cA1b.id }],
  });
const inB1 = (name: string) =>
  createAssignment(w.db, {
    accountId: w.accB1.id,
    organizationId: w.orgB1.id,
    name,
    activityIds: [f.pB.id],
    members: [{ memberType: 'class', memberId: f.cB.id }],
  });

describe('assignments', () => {
  it('create: every bundle for its own students, only provider staff in another domain', async () => {
    const own = (a: Actor) => ({
      name: `Matrix ${a}`,
      activity_ids: [f.p2.id],
      members: [{ member_type: 'student', member_id: f.s2.id }],
      start_at: inDays(0),
      due_at: inDays(3),
    });
    expect(await statusesByActor(t, w, 'POST', `${D}/assignments`, own)).toEqual(OWN);
    const other = (a: Actor) => ({
      ...own(a),
      activity_ids: [f.pB.id],
      members: [{ member_type: 'student', member_id: f.sB.id }],
    });
    expect(await statusesByActor(t, w, 'POST', `${D}/assignments`, other)).toEqual(OTHER);
    const school = (a: Actor) => ({ ...own(a), members: [{ member_type: 'student', member_id: f.s3.id }] });
    expect(await statusesByActor(t, w, 'POST', `${D}/assignments`, school)).toEqual(OTHER_SCHOOL);
  });

  it('view, update and delete: own school yes, another school or district no', async () => {
    const own = await inA1a('View own');
    const b = await inA1b('View other school');
    const other = await inB1('View other');
    expect(await statusesByActor(t, w, 'GET', `${D}/assignments/${own.id}`)).toEqual(OWN);
    expect(await statusesByActor(t, w, 'GET', `${D}/assignments/${b.id}`)).toEqual(OTHER_SCHOOL);
    expect(await statusesByActor(t, w, 'GET', `${D}/assignments/${other.id}`)).toEqual(OTHER);

    for (const [make, expected] of [
      [inA1a, OWN],
      [inA1b, OTHER_SCHOOL],
      [inB1, OTHER],
    ] as const) {
      const toUpdate = await perActor((a) => make(`Upd ${a}`));
      expect(
        await statusesByActor(t, w, 'PUT', (a) => `${D}/assignments/${toUpdate[a].id}`, { name: 'Renamed' }),
      ).toEqual(expected);
      const toDelete = await perActor((a) => make(`Del ${a}`));
      expect(await statusesByActor(t, w, 'DELETE', (a) => `${D}/assignments/${toDelete[a].id}`)).toEqual(expected);
    }
  });

  it('lists: all, under each subject of the caller’s tenant, and 404 under another tenant’s', async () => {
    expect(await statusesByActor(t, w, 'POST', `${D}/assignments/list`)).toEqual(OWN);
    expect(await statusesByActor(t, w, 'POST', `${D}/assignments/targets`)).toEqual(OWN);
    const subjects: [string, number, number][] = [
      ['accounts', w.accA1.id, w.accB1.id],
      ['organizations', w.orgA1a.id, w.orgB1.id],
      ['classes', f.cA.id, f.cB.id],
      ['students', f.s2.id, f.sB.id],
      ['groups', f.gA.id, f.gB.id],
      ['teachers', w.users.teacher.id, teacherB.id],
    ];
    for (const [path, own, other] of subjects) {
      expect(await statusesByActor(t, w, 'POST', `${D}/${path}/${own}/assignments`), path).toEqual(OWN);
      expect(await statusesByActor(t, w, 'POST', `${D}/${path}/${other}/assignments`), path).toEqual(OTHER);
    }
    // an admin of the caller's school
    expect(await statusesByActor(t, w, 'POST', `${D}/admins/${w.users.school.id}/assignments`)).toEqual(OWN);
  });
});

describe('lab groups', () => {
  it('list with view; create, update and delete with update; another school or district is 404', async () => {
    for (const [make, expected] of [
      [inA1a, OWN],
      [inB1, OTHER],
    ] as const) {
      const one = await make('Lab list');
      expect(await statusesByActor(t, w, 'GET', `${D}/assignments/${one.id}/lab-groups`)).toEqual(expected);
    }
    const own = await perActor((a) =>
      createAssignment(w.db, {
        accountId: w.accA1.id,
        organizationId: w.orgA1a.id,
        name: `Lab ${a}`,
        activityIds: [f.p1.id],
        members: [{ memberType: 'class', memberId: f.cA.id }],
      }),
    );
    expect(
      await statusesByActor(t, w, 'POST', (a) => `${D}/assignments/${own[a].id}/lab-groups`, {
        class_id: f.cA.id,
        name: 'Team',
        student_ids: [f.s2.id],
      }),
    ).toEqual(OWN);
    // each actor's own team (none for those refused above)
    const teams = await w.pool.query<{ assignment_id: number; id: number }>(
      'select assignment_id, id from lab_groups where assignment_id = any($1::int[])',
      [ACTORS.map((a) => own[a].id)],
    );
    const teamOf = (a: Actor) => {
      const team = teams.rows.find((r) => r.assignment_id === own[a].id) ?? teams.rows[0]!;
      return `${D}/assignments/${team.assignment_id}/lab-groups/${team.id}`;
    };
    expect(await statusesByActor(t, w, 'PUT', teamOf, { name: 'Renamed team' })).toEqual(OWN);
    expect(await statusesByActor(t, w, 'DELETE', teamOf)).toEqual(OWN);
    expect(teams.rows).toHaveLength(5);
    expect(await countOf(w, 'lab_groups', `id = any('{${teams.rows.map((r) => r.id).join(',')}}'::int[])`)).toBe(0);

    const beta = await inB1('Lab beta');
    expect(
      await statusesByActor(t, w, 'POST', `${D}/assignments/${beta.id}/lab-groups`, {
        class_id: f.cB.id,
        name: 'Beta team',
        student_ids: [f.sB.id],
      }),
    ).toEqual(OTHER);
  });
});

describe('assignment sets', () => {
  it('create in the caller’s district (provider and domain staff name it), list and view', async () => {
    expect(
      await statusesByActor(t, w, 'POST', `${D}/assignment-sets`, (a: Actor) => ({
        name: `Set ${a}`,
        account_id: w.accA1.id,
      })),
    ).toEqual(OWN);
    expect(
      await statusesByActor(t, w, 'POST', `${D}/assignment-sets`, (a: Actor) => ({
        name: `Set B ${a}`,
        account_id: w.accB1.id,
      })),
    ).toEqual(OTHER);
    expect(await statusesByActor(t, w, 'POST', `${D}/assignment-sets/list`)).toEqual(OWN);
    const set = await w.pool.query<{ id: number }>(
      `insert into assignment_sets (account_id, name) values ($1, 'Shared set') returning id`,
      [w.accA1.id],
    );
    const setId = set.rows[0]!.id;
    const inSet = await inA1a('In the set');
    await w.pool.query('update assignments set assignment_set_id = $1 where id = $2', [setId, inSet.id]);
    expect(await statusesByActor(t, w, 'GET', `${D}/assignment-sets/${setId}`)).toEqual(OWN);
    const setB = await w.pool.query<{ id: number }>(
      `insert into assignment_sets (account_id, name) values ($1, 'Beta set') returning id`,
      [w.accB1.id],
    );
    expect(await statusesByActor(t, w, 'GET', `${D}/assignment-sets/${setB.rows[0]!.id}`)).toEqual(OTHER);
  });
});

describe('student side', () => {
  it('only a student session lists the student’s assignments', async () => {
    const statuses = await statusesByActor(t, w, 'GET', '/student/assignments');
    expect(statuses).toEqual({
      super: 401,
      domain: 401,
      district: 401,
      school: 401,
      teacher: 401,
      custom: 401,
      student: 200,
    });
  });
});
