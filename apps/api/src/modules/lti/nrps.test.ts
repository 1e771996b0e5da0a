import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LtiResourceLinkDto, NrpsImportResult } from '@aula/domain/lti-services';
import { createUser } from '../../db/seed/factories';
import { createAssignment } from '../../db/seed/work-factories';
import { buildAssignmentWorld, type AssignmentWorld } from '../../../test/assignment-fixtures';
import { startPlatformServices, type PlatformServices } from '../../../test/lti-platform-services';
import { linkLtiIdentity, registerPlatform } from '../../../test/lti-services-fixtures';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, PASSWORD, type World } from '../../../test/tenancy-fixtures';
import { upsertResourceLink } from './resource-links.repo';

// Names and Role Provisioning Services over real HTTP (issue 18 items 5-6; docs/lti.md): the test platform serves a
// course's members two per page (Link rel="next"), after checking the bearer token Aula got with its signed client
// assertion; the import matches, creates and enrols them in the linked class, and the wrong role or district is refused.

const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const MENTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor';

let t: TestApp;
let w: World;
let f: AssignmentWorld;
let p: PlatformServices;
let deploymentId: number;
let linkId: number;
let otherDistrictAdmin: string;

async function signIn(email: string) {
  const res = await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: email, password: PASSWORD } });
  return res.json<{ data: { token: string } }>().data.token;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { SECRETS_KEY: 'ef'.repeat(32) } });
  const aula = await t.app.listen({ port: 0, host: '127.0.0.1' });
  w = await buildWorld(t);
  f = await buildAssignmentWorld(t, w);
  expect((await call(t.app, 'POST', '/dashboard/lti/keys', { token: w.tokens.super })).statusCode).toBe(200);
  p = await startPlatformServices({ aulaJwksUrl: `${aula}/lti/jwks` });
  deploymentId = (await registerPlatform(w.db, p, w.accA1.id)).deployment.id;
  linkId = (
    await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-course-9',
      contextId: 'course-9',
      contextTitle: 'Biology 9',
      classId: f.cA.id,
      membershipsUrl: p.membershipsUrl('course-9'),
    })
  ).id;
  // already linked on the platform; s2 rostered with a sourcedId; sA2 belongs to another district
  await linkLtiIdentity(w.db, w.users.student.id, p.issuer, 'u-student');
  await w.pool.query("update users set sourced_id = 'SIS-S2' where id = $1", [f.s2.id]);
  await linkLtiIdentity(w.db, f.sA2.id, p.issuer, 'u-alpine');
  p.members.set('course-9', [
    { user_id: 'u-student', roles: [LEARNER], name: 'Whoever' },
    { user_id: 'u-s2', roles: [LEARNER], given_name: 'Sam', family_name: 'Second', lis_person_sourcedid: 'SIS-S2' },
    {
      user_id: 'u-new',
      roles: [LEARNER],
      given_name: 'Nora',
      family_name: 'Newcomer',
      email: 'nora@lms.test',
      lis_person_sourcedid: 'SIS-NEW',
    },
    { user_id: 'u-teach', roles: [INSTRUCTOR], name: 'Tomas Teachwell', email: 'teacher@a.test' },
    { user_id: 'u-mentor', roles: [MENTOR], name: 'Mia Mentor' },
    { user_id: 'u-gone', roles: [LEARNER], status: 'Inactive', name: 'Gina Gone' },
    { user_id: 'u-alpine', roles: [LEARNER], name: 'Alpine Student' },
  ]);
  await createUser(w.db, { role: 'administrator', domainId: w.domA.id, accountId: w.accA2.id, email: 'admin@a2.test' });
  otherDistrictAdmin = await signIn('admin@a2.test');
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

const importPath = () => `/dashboard/lti/links/${linkId}/import-members`;
const count = async (sql: string, params: unknown[] = []) =>
  (await w.pool.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

describe('NRPS: importing an LMS course into the linked class', () => {
  it('the class lists its LMS links for those who reach the class', async () => {
    const res = await call(t.app, 'GET', `/dashboard/classes/${f.cA.id}/lti-links`, { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: LtiResourceLinkDto[] }>().data).toEqual([
      expect.objectContaining({
        id: linkId,
        context_title: 'Biology 9',
        has_memberships: true,
        platform_name: 'Test LMS',
      }),
    ]);
    const other = await call(t.app, 'GET', `/dashboard/classes/${f.cA.id}/lti-links`, { token: otherDistrictAdmin });
    expect(other.statusCode).toBe(404);
  });

  it('is refused to the wrong role and to another district, writing nothing', async () => {
    const users = await count('users');
    const tokensBefore = p.tokenRequests.length;
    expect((await call(t.app, 'POST', importPath(), { token: w.tokens.student })).statusCode).toBe(401);
    // a school admin reaches the class but is neither its teacher nor a district admin
    expect((await call(t.app, 'POST', importPath(), { token: w.tokens.school })).statusCode).toBe(403);
    // a teacher of another class of the district, a district admin of another district
    expect((await call(t.app, 'POST', importPath(), { token: f.teacher2Token })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', importPath(), { token: otherDistrictAdmin })).statusCode).toBe(404);
    expect(await count('users')).toBe(users);
    expect(await count('class_users where class_id = $1', [f.cA.id])).toBe(3);
    // nothing was asked of the platform
    expect(p.tokenRequests.length).toBe(tokensBefore);
  });

  it('matches by identity link or sourcedId, creates the missing members with their identity, enrols them', async () => {
    const res = await call(t.app, 'POST', importPath(), { token: w.tokens.teacher });
    expect(res.statusCode).toBe(200);
    const result = res.json<{ data: NrpsImportResult }>().data;
    expect(result).toMatchObject({ created: 2, matched: 2, skipped: 3, enrolled: 2 });
    expect(result.skipped_members).toEqual(
      expect.arrayContaining([
        { user_id: 'u-mentor', reason: 'role' },
        { user_id: 'u-gone', reason: 'inactive' },
        { user_id: 'u-alpine', reason: 'other_district' },
      ]),
    );
    // all four pages were read (7 members, 2 per page), with a token for the memberships scope
    expect(p.tokenRequests.filter((r) => r.ok && r.scope.includes('contextmembership'))).toHaveLength(1);

    const created = await w.pool.query<{
      id: number;
      role: string;
      first_name: string;
      last_name: string;
      email: string | null;
      account_id: number;
      sourced_id: string | null;
      subject: string;
      provider: number;
      issuer: string;
    }>(
      `select u.id, u.role, u.first_name, u.last_name, u.email, u.account_id, u.sourced_id, o.subject, o.provider, o.issuer
         from users u join oauth_connections o on o.user_id = u.id
        where o.subject in ('u-new', 'u-teach') order by o.subject`,
    );
    expect(created.rows).toEqual([
      expect.objectContaining({
        role: 'student',
        first_name: 'Nora',
        last_name: 'Newcomer',
        email: 'nora@lms.test',
        account_id: w.accA1.id,
        sourced_id: 'SIS-NEW',
        provider: 3,
        issuer: p.issuer,
      }),
      // teacher@a.test is another user's e-mail: the new teacher is created without one (never matched by e-mail)
      expect.objectContaining({ role: 'teacher', first_name: 'Tomas', last_name: 'Teachwell', email: null }),
    ]);
    const enrolled = await w.pool.query<{ user_id: number; user_type: string }>(
      'select user_id, user_type from class_users where class_id = $1 order by user_id',
      [f.cA.id],
    );
    const [nora, tomas] = created.rows;
    expect(enrolled.rows).toEqual(
      expect.arrayContaining([
        { user_id: nora!.id, user_type: 'student' },
        { user_id: tomas!.id, user_type: 'teacher' },
      ]),
    );
    expect(enrolled.rows).toHaveLength(5);
    // the new users are in the class's school
    expect(
      await count('user_organizations where user_id = any($1) and organization_id = $2', [
        [nora!.id, tomas!.id],
        w.orgA1a.id,
      ]),
    ).toBe(2);
    // s2, matched by sourcedId, is now linked to the platform identity
    expect(await count("oauth_connections where user_id = $1 and subject = 'u-s2' and provider = 3", [f.s2.id])).toBe(
      1,
    );
    // the other district's student was not enrolled
    expect(await count('class_users where class_id = $1 and user_id = $2', [f.cA.id, f.sA2.id])).toBe(0);
  });

  it('a second import matches everyone it created and changes nothing; a district admin may run it', async () => {
    const users = await count('users');
    const res = await call(t.app, 'POST', importPath(), { token: w.tokens.district });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: NrpsImportResult }>().data).toMatchObject({
      created: 0,
      matched: 4,
      skipped: 3,
      enrolled: 0,
    });
    expect(await count('users')).toBe(users);
  });

  it('a link without a memberships URL, or a platform that refuses, is a 409 with no rows written', async () => {
    const bare = await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-bare',
      contextId: 'course-bare',
      classId: f.cA.id,
    });
    const none = await call(t.app, 'POST', `/dashboard/lti/links/${bare.id}/import-members`, {
      token: w.tokens.teacher,
    });
    expect(none.statusCode).toBe(409);

    const missing = await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-missing',
      contextId: 'course-missing',
      classId: f.cA.id,
      membershipsUrl: p.membershipsUrl('course-missing'),
    });
    const users = await count('users');
    const res = await call(t.app, 'POST', `/dashboard/lti/links/${missing.id}/import-members`, {
      token: w.tokens.teacher,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/HTTP 404/);
    expect(await count('users')).toBe(users);
  });

  it("a link opened from an assignment maps to the class chosen at import; the class must be the caller's", async () => {
    const a = await createAssignment(w.db, {
      accountId: w.accA1.id,
      organizationId: w.orgA1a.id,
      activityIds: [f.p1.id],
      members: [{ memberType: 'class', memberId: f.cA.id }],
      createdBy: w.users.teacher.id,
    });
    const link = await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-assignment',
      contextId: 'course-9',
      contextTitle: 'Biology 9',
      assignmentId: a.id,
      membershipsUrl: p.membershipsUrl('course-9'),
    });
    const listed = await call(t.app, 'GET', `/dashboard/assignments/${a.id}/lti-links`, { token: w.tokens.teacher });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: LtiResourceLinkDto[] }>().data).toEqual([
      expect.objectContaining({ id: link.id, class_id: null, has_memberships: true }),
    ]);
    expect(
      (await call(t.app, 'GET', `/dashboard/assignments/${a.id}/lti-links`, { token: otherDistrictAdmin })).statusCode,
    ).toBe(404);

    const path = `/dashboard/lti/links/${link.id}/import-members`;
    const mapped = async () =>
      (
        await w.pool.query<{ class_id: number | null }>('select class_id from lti_resource_links where id = $1', [
          link.id,
        ])
      ).rows[0]!.class_id;
    // no class yet and none chosen
    expect((await call(t.app, 'POST', path, { token: w.tokens.teacher })).statusCode).toBe(409);
    // a class the teacher does not teach; another district's admin choosing their own class
    const notTheirs = await call(t.app, 'POST', path, { token: w.tokens.teacher, body: { class_id: f.cA1b.id } });
    expect(notTheirs.statusCode).toBe(404);
    const alpine = await call(t.app, 'POST', path, { token: otherDistrictAdmin, body: { class_id: f.cA2.id } });
    expect(alpine.statusCode).toBe(404);
    const bad = await call(t.app, 'POST', path, { token: w.tokens.teacher, body: { class_id: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(await mapped()).toBeNull();

    const res = await call(t.app, 'POST', path, { token: w.tokens.teacher, body: { class_id: f.cA.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: NrpsImportResult }>().data).toMatchObject({ created: 0, matched: 4 });
    expect(await mapped()).toBe(f.cA.id);
    // now the class lists it, and a later import needs no class
    const classLinks = await call(t.app, 'GET', `/dashboard/classes/${f.cA.id}/lti-links`, { token: w.tokens.teacher });
    expect(classLinks.json<{ data: LtiResourceLinkDto[] }>().data.map((l) => l.id)).toContain(link.id);
    expect((await call(t.app, 'POST', path, { token: w.tokens.teacher })).statusCode).toBe(200);
  });

  it('an unknown link is a 404', async () => {
    const res = await call(t.app, 'POST', '/dashboard/lti/links/999999/import-members', { token: w.tokens.district });
    expect(res.statusCode).toBe(404);
  });
});
