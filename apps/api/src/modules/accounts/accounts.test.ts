import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { createAccount, createOrganization, createUser } from '../../db/seed/factories';
import { buildWorld, countOf, PASSWORD, type World } from '../../../test/tenancy-fixtures';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const asSuper = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, url, { token: w.tokens.super, body });
const asDomain = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, method, url, { token: w.tokens.domain, body });

describe('create and update', () => {
  it('gives the spec messages for a missing name, Account ID, zip code and type', async () => {
    const res = await asDomain('POST', '/dashboard/accounts', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Please enter name'],
      district_id: ['Please enter Account ID'],
      zip_code: ['Please enter zip code'],
      type: ['Please select type'],
    });
    const short = await asDomain('POST', '/dashboard/accounts', {
      name: 'A',
      district_id: 'X',
      zip_code: '!',
      type: 9,
    });
    expect(short.json().errors).toEqual({
      name: ['Name must be at least 2 characters long'],
      zip_code: ['Please enter a valid zip code'],
      type: ['Please select type'],
    });
  });

  it('asks a multi-domain caller for the domain', async () => {
    const res = await asSuper('POST', '/dashboard/accounts', {
      name: 'No Domain',
      district_id: 'ND-1',
      zip_code: '10001',
      type: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ domain_id: ['Please select domain'] });
  });

  it("creates an account in the domain admin's domain, with an audit entry", async () => {
    const res = await asDomain('POST', '/dashboard/accounts', {
      name: '  Gamma District ',
      district_id: 'G-1',
      zip_code: '30301',
      type: 3,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      domain_id: w.domA.id,
      name: 'Gamma District',
      district_id: 'G-1',
      zip_code: '30301',
      type: 3,
      is_demo: false,
    });
    expect(Object.keys(data).sort()).toEqual([
      'created_at',
      'district_id',
      'domain_id',
      'id',
      'is_demo',
      'name',
      'type',
      'updated_at',
      'zip_code',
    ]);
    expect(
      await countOf(
        w,
        'audit_log',
        `action = 'account.created' and entity_id = '${data.id}' and actor_user_id = ${w.users.domain.id}`,
      ),
    ).toBe(1);
  });

  it('refuses an Account ID already used, whatever its case, with "Account ID is not unique."', async () => {
    const before = await countOf(w, 'accounts');
    const res = await asSuper('POST', '/dashboard/accounts', {
      name: 'Dup',
      district_id: 'b1-id',
      zip_code: '10001',
      type: 2,
      domain_id: w.domA.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Account ID is not unique.',
      errors: { district_id: ['Account ID is not unique.'] },
    });
    expect(await countOf(w, 'accounts')).toBe(before);
    const es = await call(t.app, 'POST', '/dashboard/accounts/check-district-id', {
      token: w.tokens.super,
      body: { districtId: 'A1-ID' },
      lang: 'es',
    });
    expect(es.json().message).toBe('El ID de cuenta no es único.');
  });

  it('updates with a body without id; keeping its own Account ID is fine, taking another is not', async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id, districtId: 'UPD-1' });
    const ok = await call(t.app, 'PUT', `/dashboard/accounts/${acc.id}`, {
      token: w.tokens.domain,
      body: { name: 'Renamed', district_id: 'upd-1', zip_code: '12345', type: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      id: acc.id,
      name: 'Renamed',
      district_id: 'upd-1',
      zip_code: '12345',
      type: 1,
    });
    const taken = await call(t.app, 'PUT', `/dashboard/accounts/${acc.id}`, {
      token: w.tokens.domain,
      body: { name: 'Renamed', district_id: 'A2-ID', zip_code: '12345', type: 1 },
    });
    expect(taken.statusCode).toBe(422);
    expect(await countOf(w, 'accounts', `id = ${acc.id} and district_id = 'upd-1'`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'account.updated' and entity_id = '${acc.id}'`)).toBe(1);
  });

  it('answers 404 for unknown ids and 422 for ids that are not 1 to 9 digits', async () => {
    expect((await asSuper('GET', '/dashboard/accounts/123456789')).statusCode).toBe(404);
    expect((await asSuper('GET', '/dashboard/accounts/abc')).statusCode).toBe(422);
    expect((await asSuper('GET', '/dashboard/accounts/1234567890')).statusCode).toBe(422);
  });
});

describe('list', () => {
  it('filters by search, type and domain and pages with meta', async () => {
    const all = await asSuper('POST', '/dashboard/accounts/list', { search: 'Alp', per_page: 1 });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(all.json().data.map((a: { name: string }) => a.name)).toEqual(['Alpha District']);
    const page2 = await asSuper('POST', '/dashboard/accounts/list', { search: 'alp', per_page: 1, page: 2 });
    expect(page2.json().data.map((a: { name: string }) => a.name)).toEqual(['Alpine District']);
    const byDomain = await asSuper('POST', '/dashboard/accounts/list', { domain_id: w.domB.id });
    expect(byDomain.json().data.map((a: { id: number }) => a.id)).toEqual([w.accB1.id]);
    const byType = await asSuper('POST', '/dashboard/accounts/list', { type: 4 });
    expect(byType.json().meta.total).toBe(0);
    const noBody = await asSuper('POST', '/dashboard/accounts/list');
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().meta).toMatchObject({ page: 1, per_page: 10 });
    const bad = await asSuper('POST', '/dashboard/accounts/list', { page: 0, per_page: 1000, type: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'per_page', 'type']);
  });

  it('shows a district admin only their own account', async () => {
    const res = await call(t.app, 'POST', '/dashboard/accounts/list', { token: w.tokens.district, body: {} });
    expect(res.json().data.map((a: { id: number }) => a.id)).toEqual([w.accA1.id]);
  });
});

describe('settings', () => {
  it('reads every kind with defaults', async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    const res = await asDomain('GET', `/dashboard/accounts/${acc.id}/settings`);
    expect(res.json().data).toEqual([
      { setting: 'rostering', value: { enabled: false, method: 'manual' } },
      { setting: 'sso', value: { enabled: false, providers: [] } },
      {
        setting: 'ai',
        value: {
          enabled: false,
          automatic_scoring_assignment: false,
          automatic_scoring_assessment: false,
          automatic_scoring_pas: false,
        },
      },
      { setting: 'immersive_reader', value: { enabled: false } },
      { setting: 'lab_groups', value: { enabled: false } },
    ]);
  });

  it('saves a batch all or nothing: one bad value writes none of it', async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    const bad = await asDomain('POST', `/dashboard/accounts/${acc.id}/settings`, {
      settings: [
        { setting: 'lab_groups', value: { enabled: true } },
        { setting: 'ai', value: { enabled: true } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['settings.1.value.automatic_scoring_assignment']),
    );
    const unknownKind = await asDomain('POST', `/dashboard/accounts/${acc.id}/settings`, {
      settings: [{ setting: 'telepathy', value: { enabled: true } }],
    });
    expect(unknownKind.statusCode).toBe(422);
    expect(await countOf(w, 'account_settings', `account_id = ${acc.id}`)).toBe(0);

    const ok = await asDomain('POST', `/dashboard/accounts/${acc.id}/settings`, {
      settings: [
        { setting: 'lab_groups', value: { enabled: true } },
        { setting: 'rostering', value: { enabled: true, method: 'clever' } },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toContainEqual({ setting: 'rostering', value: { enabled: true, method: 'clever' } });
    expect(await countOf(w, 'account_settings', `account_id = ${acc.id}`)).toBe(2);
    expect(await countOf(w, 'audit_log', `action = 'account.settings-updated' and entity_id = '${acc.id}'`)).toBe(1);
  });

  it("toggles one setting's enabled flag and keeps the rest of its value", async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    await asDomain('POST', `/dashboard/accounts/${acc.id}/settings`, {
      settings: [{ setting: 'rostering', value: { enabled: false, method: 'oneroster' } }],
    });
    const res = await asDomain('POST', `/dashboard/accounts/${acc.id}/toggle-technology-setting`, {
      field: 'rostering',
      value: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ setting: 'rostering', value: { enabled: true, method: 'oneroster' } });
    const bad = await asDomain('POST', `/dashboard/accounts/${acc.id}/toggle-technology-setting`, {
      field: 'nope',
      value: 'yes',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ field: ['Please select field'], value: ['Please select value'] });
  });
});

describe('delete', () => {
  it('deletes an empty account without force', async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    const res = await asDomain('POST', `/dashboard/accounts/${acc.id}/delete`, { force: false });
    expect(res.statusCode).toBe(200);
    expect((await asDomain('GET', `/dashboard/accounts/${acc.id}`)).statusCode).toBe(404);
  });

  it('keeps an account with data unless forced; forced, it disables its users and ends their sessions', async () => {
    const acc = await createAccount(w.db, { domainId: w.domA.id });
    const org = await createOrganization(w.db, { accountId: acc.id });
    const admin = await createUser(w.db, {
      role: 'administrator',
      domainId: w.domA.id,
      accountId: acc.id,
      email: 'doomed@a.test',
      organizationIds: [org.id],
    });
    const token = (
      await call(t.app, 'POST', '/dashboard/auth/form', { body: { login: 'doomed@a.test', password: PASSWORD } })
    ).json().data.token as string;

    const kept = await asDomain('POST', `/dashboard/accounts/${acc.id}/delete`, {});
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({
      message: 'This account still has organizations or users. Delete it with force to remove them too.',
      problems: ['It still has 1 organization.', 'It still has 1 user.'],
    });
    // nothing was written: the account and its user are as they were
    expect(await countOf(w, 'accounts', `id = ${acc.id} and deleted_at is null`)).toBe(1);
    expect(await countOf(w, 'users', `id = ${admin.id} and not disabled`)).toBe(1);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(200);
    // in the caller's language (001 section 1: calls pass English or Spanish), counted
    const one = await call(t.app, 'POST', `/dashboard/accounts/${acc.id}/delete`, {
      token: w.tokens.domain,
      body: {},
      lang: 'es',
    });
    expect(one.json().problems).toEqual(['Aún tiene 1 organización.', 'Aún tiene 1 usuario.']);
    await createUser(w.db, { role: 'teacher', domainId: w.domA.id, accountId: acc.id, email: 'second@a.test' });
    const two = await call(t.app, 'POST', `/dashboard/accounts/${acc.id}/delete`, {
      token: w.tokens.domain,
      body: {},
      lang: 'es',
    });
    expect(two.json().problems).toEqual(['Aún tiene 1 organización.', 'Aún tiene 2 usuarios.']);

    const forced = await asDomain('POST', `/dashboard/accounts/${acc.id}/delete`, { force: true });
    expect(forced.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/dashboard/my', { token })).statusCode).toBe(401);
    expect(await countOf(w, 'users', `id = ${admin.id} and disabled`)).toBe(1);
    expect(await countOf(w, 'sessions', `user_id = ${admin.id} and revoked_at is null`)).toBe(0);
    expect(await countOf(w, 'accounts', `id = ${acc.id} and deleted_at is not null`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'account.deleted' and entity_id = '${acc.id}'`)).toBe(1);
    expect(
      t.events.published.some((e) => e.channel === `private-user.${admin.id}` && e.event === 'session.revoked'),
    ).toBe(true);
    // gone from every read
    expect((await asDomain('GET', `/dashboard/accounts/${acc.id}`)).statusCode).toBe(404);
    const orgs = await asDomain('POST', '/dashboard/organizations/all', { account_id: acc.id });
    expect(orgs.json().meta?.total ?? 0).toBe(0);
  });
});
