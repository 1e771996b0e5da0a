import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '@aula/domain/activity-content';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';
import { createActivity, createFolder, createProduct, createStandard } from '../../db/seed/catalogue-factories';
import { createUser } from '../../db/seed/factories';

let t: TestApp;
let w: World;
let f: Awaited<ReturnType<typeof fixtures>>;

async function fixtures() {
  const d = w.domA.id;
  const folder = await createFolder(w.db, { domainId: d, title: 'Physics' });
  const std = await createStandard(w.db, { domainId: d, tag: 'MS-PS1-2' });
  const stdB = await createStandard(w.db, { domainId: w.domB.id, tag: 'MS-PS1-2' });
  const product = await createProduct(w.db, { domainId: d, name: 'Middle School Science' });
  const productB = await createProduct(w.db, { domainId: w.domB.id, name: 'Beta Science' });
  const shared = await createActivity(w.db, {
    domainId: d,
    title: 'Atoms and molecules',
    kind: 'ngss',
    status: 'published',
    tagNames: ['Chemistry'],
    folderIds: [folder.id],
  });
  const draft = await createActivity(w.db, { domainId: d, title: 'Draft on waves', kind: 'review' });
  const ownA1 = await createActivity(w.db, {
    domainId: d,
    accountId: w.accA1.id,
    title: 'Alpha energy lab',
    kind: 'hands-on',
    status: 'published',
    tagNames: ['Energy'],
  });
  const ownA2 = await createActivity(w.db, {
    domainId: d,
    accountId: w.accA2.id,
    title: 'Alpine rocks',
    status: 'published',
  });
  const archived = await createActivity(w.db, {
    domainId: d,
    title: 'Old archived unit',
    status: 'published',
    archived: true,
  });
  const foreign = await createActivity(w.db, { domainId: w.domB.id, title: 'Beta secret', status: 'published' });
  await w.pool.query('insert into activity_standards values ($1, $2)', [shared.id, std.id]);
  await w.pool.query('insert into activity_products values ($1, $2)', [shared.id, product.id]);
  return { folder, std, stdB, product, productB, shared, draft, ownA1, ownA2, archived, foreign };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  f = await fixtures();
});
afterAll(() => t.close());

const ids = (res: { json(): unknown }) => (res.json() as { data: { id: number }[] }).data.map((a) => a.id);
const readers = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
const builders = { super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };

async function perActor(make: (a: Actor) => Promise<{ id: number }>): Promise<Record<Actor, number>> {
  const out = {} as Record<Actor, number>;
  for (const a of ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const)
    out[a] = (await make(a)).id;
  return out;
}

describe('permission matrix', () => {
  it('readers list and read published activities; only builders list drafts, create, change and delete', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/list')).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/search')).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/rb-list')).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/archive')).toEqual(readers);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/activities/${f.shared.id}`)).toEqual(readers);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/tags')).toEqual(readers);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/standards')).toEqual(readers);
    expect(await statusesByActor(t, w, 'GET', '/dashboard/products')).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/ab-list')).toEqual(builders);
    // a draft is the builder's: readers do not learn it exists
    expect(await statusesByActor(t, w, 'GET', `/dashboard/activities/${f.draft.id}`)).toEqual({
      ...readers,
      district: 404,
      school: 404,
      teacher: 404,
    });
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/activities', {
        title: 'Matrix',
        kind: 'ngss',
        domain_id: w.domA.id,
      }),
    ).toEqual(builders);
    const make = () => perActor(() => createActivity(w.db, { domainId: w.domA.id }));
    const toUpdate = await make();
    expect(
      await statusesByActor(t, w, 'PUT', (a) => `/dashboard/activities/${toUpdate[a]}`, { title: 'Renamed' }),
    ).toEqual(builders);
    const toArchive = await make();
    expect(await statusesByActor(t, w, 'POST', (a) => `/dashboard/activities/${toArchive[a]}/archive`)).toEqual(
      builders,
    );
    expect(await statusesByActor(t, w, 'POST', (a) => `/dashboard/activities/${toArchive[a]}/unarchive`)).toEqual(
      builders,
    );
    const toDelete = await make();
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/activities/${toDelete[a]}`)).toEqual(builders);
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/tags', (a: Actor) => ({
        tags: [`matrix-${a}`],
        domain_id: w.domA.id,
      })),
    ).toEqual(builders);
    expect(await statusesByActor(t, w, 'POST', `/dashboard/activities/${f.shared.id}/favorites`)).toEqual(readers);
    expect(await statusesByActor(t, w, 'DELETE', `/dashboard/activities/${f.shared.id}/favorites`)).toEqual(readers);
  });
});

describe('create, get, update, delete', () => {
  it('creates an activity with tags by name, standards, products and a folder, and audits it', async () => {
    await call(t.app, 'POST', '/dashboard/tags', { token: w.tokens.domain, body: { tags: ['Forces'] } });
    const res = await call(t.app, 'POST', '/dashboard/activities', {
      token: w.tokens.domain,
      body: {
        title: '  Forces and motion ',
        kind: 'hands-on',
        description: 'Push and pull',
        tags: ['forces', 'Newton', 'newton'],
        standard_ids: [f.std.id],
        product_ids: [f.product.id],
        folder_id: f.folder.id,
      },
    });
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({
      title: 'Forces and motion',
      kind: 'hands-on',
      description: 'Push and pull',
      status: 'draft',
      domain_id: w.domA.id,
      account_id: null,
      favorite: false,
      tags: ['Forces', 'Newton'],
      standards: [{ id: f.std.id, tag: 'MS-PS1-2' }],
      products: [{ id: f.product.id, name: 'Middle School Science' }],
      folders: [{ id: f.folder.id, title: 'Physics' }],
      published_version_id: null,
      published_at: null,
      scheduled_at: null,
      archived: false,
      screens_count: 0,
    });
    expect(await countOf(w, 'activities', `id = ${a.id} and created_by = ${w.users.domain.id}`)).toBe(1);
    expect(await countOf(w, 'tags', `domain_id = ${w.domA.id} and lower(name) in ('forces', 'newton')`)).toBe(2);
    expect(await countOf(w, 'activity_tags', `activity_id = ${a.id}`)).toBe(2);
    expect(await countOf(w, 'activity_folders', `activity_id = ${a.id} and folder_id = ${f.folder.id}`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'activity.created' and entity_id = '${a.id}'`)).toBe(1);
    const got = await call(t.app, 'GET', `/dashboard/activities/${a.id}`, { token: w.tokens.domain });
    expect(got.json().data).toEqual(a);
  });

  it('accepts each of the 15 kinds and refuses another', async () => {
    expect(ACTIVITY_KINDS).toHaveLength(15);
    for (const kind of ACTIVITY_KINDS) {
      const res = await call(t.app, 'POST', '/dashboard/activities', {
        token: w.tokens.domain,
        body: { title: `Kind ${kind}`, kind },
      });
      expect(res.statusCode).toBe(200);
    }
    const bad = await call(t.app, 'POST', '/dashboard/activities', {
      token: w.tokens.domain,
      body: { title: 'Bad kind', kind: 'quiz' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ kind: ['Please select kind'] });
  });

  it('bad input is a 422 with the exact message and writes nothing', async () => {
    const before = await countOf(w, 'activities');
    const tagsBefore = await countOf(w, 'tags');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ kind: 'ngss' }, { title: ['Please enter title'] }],
      [{ title: '   ', kind: 'ngss' }, { title: ['Please enter title'] }],
      [{ title: 'x'.repeat(256), kind: 'ngss' }, { title: ['Title must not exceed 255 characters'] }],
      [{ title: 'Tagged', kind: 'ngss', tags: [''] }, { 'tags.0': ['Please enter tags'] }],
      [
        { title: 'Foreign standard', kind: 'ngss', tags: ['Brand new tag'], standard_ids: [f.stdB.id] },
        { standard_ids: [`Standard ${f.stdB.id} was not found.`] },
      ],
      [
        { title: 'Foreign product', kind: 'ngss', tags: ['Brand new tag'], product_ids: [f.productB.id] },
        { product_ids: [`Product ${f.productB.id} was not found.`] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.app, 'POST', '/dashboard/activities', { token: w.tokens.domain, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const noDomain = await call(t.app, 'POST', '/dashboard/activities', {
      token: w.tokens.super,
      body: { title: 'Where?', kind: 'ngss' },
    });
    expect(noDomain.statusCode).toBe(422);
    expect(noDomain.json().errors).toEqual({ domain_id: ['Please select domain'] });
    expect(await countOf(w, 'activities')).toBe(before);
    expect(await countOf(w, 'tags')).toBe(tagsBefore);
  });

  it("another tenant's domain, account or folder is 404 and nothing is created", async () => {
    const before = await countOf(w, 'activities');
    const foreignFolder = await createFolder(w.db, { domainId: w.domB.id });
    for (const extra of [{ domain_id: w.domB.id }, { account_id: w.accB1.id }, { folder_id: foreignFolder.id }]) {
      const res = await call(t.app, 'POST', '/dashboard/activities', {
        token: w.tokens.domain,
        body: { title: 'Sneaky', kind: 'ngss', ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(404);
    }
    expect(await countOf(w, 'activities')).toBe(before);
  });

  it('places an activity in one of the domain admin’s accounts, visible to that account only', async () => {
    const res = await call(t.app, 'POST', '/dashboard/activities', {
      token: w.tokens.domain,
      body: { title: 'For A2 only', kind: 'review', account_id: w.accA2.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account_id).toBe(w.accA2.id);
  });

  it('update changes the fields sent, replaces lists sent and keeps the rest', async () => {
    const a = await createActivity(w.db, { domainId: w.domA.id, title: 'Before', tagNames: ['Old'] });
    const res = await call(t.app, 'PUT', `/dashboard/activities/${a.id}`, {
      token: w.tokens.domain,
      body: { title: 'After', tags: ['New one'], standard_ids: [f.std.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'After',
      kind: 'ngss',
      tags: ['New one'],
      standards: [{ id: f.std.id, tag: 'MS-PS1-2' }],
      products: [],
    });
    expect(
      await countOf(w, 'activities', `id = ${a.id} and title = 'After' and updated_by = ${w.users.domain.id}`),
    ).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'activity.updated' and entity_id = '${a.id}'`)).toBe(1);
    const bad = await call(t.app, 'PUT', `/dashboard/activities/${a.id}`, {
      token: w.tokens.domain,
      body: { title: 'Half', product_ids: [f.productB.id] },
    });
    expect(bad.statusCode).toBe(422);
    expect(await countOf(w, 'activities', `id = ${a.id} and title = 'After'`)).toBe(1);
  });

  it("another domain's activity cannot be read, changed, archived or deleted (404, nothing changed)", async () => {
    const before = (await w.pool.query('select * from activities where id = $1', [f.foreign.id])).rows;
    const token = w.tokens.domain;
    const id = f.foreign.id;
    expect((await call(t.app, 'GET', `/dashboard/activities/${id}`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/dashboard/activities/${id}`, { token, body: { title: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'POST', `/dashboard/activities/${id}/archive`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/dashboard/activities/${id}`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/dashboard/activities/${id}/favorites`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/dashboard/activities/999999`, { token })).statusCode).toBe(404);
    expect((await w.pool.query('select * from activities where id = $1', [f.foreign.id])).rows).toEqual(before);
    expect(await countOf(w, 'activity_favorites', `activity_id = ${id}`)).toBe(0);
    // a teacher of A1 does not see account A2's activity
    const teacher = await call(t.app, 'GET', `/dashboard/activities/${f.ownA2.id}`, { token: w.tokens.teacher });
    expect(teacher.statusCode).toBe(404);
  });

  it('delete is soft: the row stays with deleted_at, and the activity is gone from reads and lists', async () => {
    const a = await createActivity(w.db, { domainId: w.domA.id, status: 'published', title: 'Doomed' });
    const res = await call(t.app, 'DELETE', `/dashboard/activities/${a.id}`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await countOf(w, 'activities', `id = ${a.id} and deleted_at is not null`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'activity.deleted' and entity_id = '${a.id}'`)).toBe(1);
    expect((await call(t.app, 'GET', `/dashboard/activities/${a.id}`, { token: w.tokens.domain })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `/dashboard/activities/${a.id}`, { token: w.tokens.domain })).statusCode).toBe(
      404,
    );
    const list = await call(t.app, 'POST', '/dashboard/activities/ab-list', {
      token: w.tokens.domain,
      body: { search: 'Doomed' },
    });
    expect(ids(list)).toEqual([]);
  });

  it('archive moves an activity from the lists to the archive list; unarchive brings it back', async () => {
    const a = await createActivity(w.db, { domainId: w.domA.id, status: 'published', title: 'Shelved topic' });
    const archive = await call(t.app, 'POST', `/dashboard/activities/${a.id}/archive`, { token: w.tokens.domain });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().data.archived).toBe(true);
    expect(await countOf(w, 'activities', `id = ${a.id} and archived_at is not null`)).toBe(1);
    const body = { search: 'Shelved' };
    const token = w.tokens.teacher;
    expect(ids(await call(t.app, 'POST', '/dashboard/activities/list', { token, body }))).toEqual([]);
    expect(ids(await call(t.app, 'POST', '/dashboard/activities/archive', { token, body }))).toEqual([a.id]);
    const back = await call(t.app, 'POST', `/dashboard/activities/${a.id}/unarchive`, { token: w.tokens.domain });
    expect(back.json().data.archived).toBe(false);
    expect(ids(await call(t.app, 'POST', '/dashboard/activities/list', { token, body }))).toEqual([a.id]);
    expect(
      await countOf(w, 'audit_log', `action in ('activity.archived', 'activity.unarchived') and entity_id = '${a.id}'`),
    ).toBe(2);
  });
});

describe('lists and filters', () => {
  const list = (path: string, token: string, body: object = {}) =>
    call(t.app, 'POST', `/dashboard/activities/${path}`, { token, body: { per_page: 300, ...body } });

  it('the viewers’ list shows published, not archived activities the caller may read', async () => {
    const teacher = ids(await list('list', w.tokens.teacher));
    expect(teacher).toEqual(expect.arrayContaining([f.shared.id, f.ownA1.id]));
    for (const hidden of [f.draft.id, f.ownA2.id, f.archived.id, f.foreign.id]) expect(teacher).not.toContain(hidden);
    const domain = ids(await list('list', w.tokens.domain));
    expect(domain).toEqual(expect.arrayContaining([f.shared.id, f.ownA1.id, f.ownA2.id]));
    expect(domain).not.toContain(f.draft.id);
    expect(domain).not.toContain(f.foreign.id);
  });

  it('the builder list shows drafts too; search finds tags for builders and readers', async () => {
    const ab = ids(await list('ab-list', w.tokens.domain));
    expect(ab).toEqual(expect.arrayContaining([f.draft.id, f.shared.id]));
    expect(ab).not.toContain(f.archived.id);
    expect(ids(await list('search', w.tokens.teacher, { search: 'chemis' }))).toEqual([f.shared.id]);
    expect(ids(await list('search', w.tokens.teacher, { search: 'waves' }))).toEqual([]);
    expect(ids(await list('search', w.tokens.domain, { search: 'waves' }))).toEqual([f.draft.id]);
  });

  it('filters by kind, status, folder, tag, standard, product and favourite; sorts and pages', async () => {
    const token = w.tokens.domain;
    expect(ids(await list('ab-list', token, { kind: 'review', search: 'Draft on' }))).toEqual([f.draft.id]);
    expect(ids(await list('ab-list', token, { status: 'draft', search: 'Atoms' }))).toEqual([]);
    expect(ids(await list('list', token, { folder_id: f.folder.id }))).toEqual([f.shared.id]);
    expect(ids(await list('list', token, { tag: 'energy' }))).toEqual([f.ownA1.id]);
    expect(ids(await list('list', token, { standard_id: f.std.id }))).toEqual([f.shared.id]);
    expect(ids(await list('list', token, { product_id: f.product.id }))).toEqual([f.shared.id]);
    const page = await call(t.app, 'POST', '/dashboard/activities/list', {
      token: w.tokens.teacher,
      body: { per_page: 1, page: 2, sort: 'title' },
    });
    const all = await list('list', w.tokens.teacher, { sort: 'title' });
    expect(page.json().meta).toEqual({ page: 2, per_page: 1, total: all.json().data.length });
    expect(ids(page)).toEqual([ids(all)[1]]);
    const titles = (all.json().data as { title: string }[]).map((a) => a.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const bad = await call(t.app, 'POST', '/dashboard/activities/list', { token, body: { sort: 'random' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: ['Please select sort order'] });
  });

  it('rb-list gives id and title only', async () => {
    const res = await list('rb-list', w.tokens.teacher, { search: 'Atoms' });
    expect(res.json()).toEqual({ data: [{ id: f.shared.id, title: 'Atoms and molecules' }], meta: expect.any(Object) });
  });

  it('favourites are per user', async () => {
    const add = await call(t.app, 'POST', `/dashboard/activities/${f.ownA1.id}/favorites`, { token: w.tokens.teacher });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.favorite).toBe(true);
    await call(t.app, 'POST', `/dashboard/activities/${f.ownA1.id}/favorites`, { token: w.tokens.teacher });
    expect(await countOf(w, 'activity_favorites', `activity_id = ${f.ownA1.id}`)).toBe(1);
    expect(ids(await list('list', w.tokens.teacher, { favorite: true }))).toEqual([f.ownA1.id]);
    const other = await call(t.app, 'GET', `/dashboard/activities/${f.ownA1.id}`, { token: w.tokens.district });
    expect(other.json().data.favorite).toBe(false);
    expect(ids(await list('list', w.tokens.district, { favorite: true }))).toEqual([]);
    const del = await call(t.app, 'DELETE', `/dashboard/activities/${f.ownA1.id}/favorites`, {
      token: w.tokens.teacher,
    });
    expect(del.json().data.favorite).toBe(false);
    expect(await countOf(w, 'activity_favorites', `activity_id = ${f.ownA1.id}`)).toBe(0);
  });
});

describe('view-only lists under account, organization, teacher and admin', () => {
  const of = (path: string, token: string) =>
    call(t.app, 'POST', `/dashboard/${path}/activities`, { token, body: { per_page: 300 } });

  it('list what that account may use, inside the caller’s slice', async () => {
    const a1 = ids(await of(`accounts/${w.accA1.id}`, w.tokens.domain));
    expect(a1).toEqual(expect.arrayContaining([f.shared.id, f.ownA1.id]));
    expect(a1).not.toContain(f.ownA2.id);
    expect(a1).not.toContain(f.draft.id);
    const a2 = ids(await of(`accounts/${w.accA2.id}`, w.tokens.domain));
    expect(a2).toEqual(expect.arrayContaining([f.shared.id, f.ownA2.id]));
    expect(a2).not.toContain(f.ownA1.id);
    expect(ids(await of(`organizations/${w.orgA1a.id}`, w.tokens.district))).toEqual(a1);
    expect(ids(await of(`teachers/${w.users.teacher.id}`, w.tokens.district))).toEqual(a1);
    expect(ids(await of(`admins/${w.users.district.id}`, w.tokens.domain))).toEqual(a1);
    const domainAdmin = ids(await of(`admins/${w.users.domain.id}`, w.tokens.super));
    expect(domainAdmin).toEqual(expect.arrayContaining([f.ownA1.id, f.ownA2.id]));
  });

  it("another tenant's subject, or a user of the wrong kind, is 404", async () => {
    const teacherB = await createUser(w.db, { role: 'teacher', domainId: w.domB.id, accountId: w.accB1.id });
    for (const path of [
      `accounts/${w.accB1.id}`,
      `organizations/${w.orgB1.id}`,
      `teachers/${teacherB.id}`,
      `teachers/${w.users.district.id}`,
      `admins/${w.users.teacher.id}`,
    ]) {
      expect((await of(path, w.tokens.domain)).statusCode, path).toBe(404);
    }
    expect((await of(`accounts/${w.accA2.id}`, w.tokens.district)).statusCode).toBe(404);
    expect((await of(`accounts/${w.accA1.id}`, w.tokens.custom)).statusCode).toBe(403);
  });
});

describe('tags, standards and products', () => {
  it("POST /tags creates the domain's tags; an existing one is 'Sorry, tag {keyword} already exists!'", async () => {
    const res = await call(t.app, 'POST', '/dashboard/tags', {
      token: w.tokens.domain,
      body: { tags: ['Magnetism', 'Optics'] },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { name: string }[]).map((x) => x.name)).toEqual(['Magnetism', 'Optics']);
    const before = await countOf(w, 'tags');
    const dup = await call(t.app, 'POST', '/dashboard/tags', {
      token: w.tokens.domain,
      body: { tags: ['Sound', 'magnetism'] },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe('Sorry, tag Magnetism already exists!');
    const twice = await call(t.app, 'POST', '/dashboard/tags', {
      token: w.tokens.domain,
      body: { tags: ['Heat', 'heat'] },
    });
    expect(twice.json().message).toBe('Sorry, tag heat already exists!');
    const es = await call(t.app, 'POST', '/dashboard/tags', {
      token: w.tokens.domain,
      body: { tags: ['Optics'] },
      lang: 'es',
    });
    expect(es.json().message).toBe('¡Lo sentimos, la etiqueta Optics ya existe!');
    expect(await countOf(w, 'tags')).toBe(before);
    // the same name in another domain is another tag
    const b = await call(t.app, 'POST', '/dashboard/tags', {
      token: w.tokens.super,
      body: { tags: ['Magnetism'], domain_id: w.domB.id },
    });
    expect(b.statusCode).toBe(200);
  });

  it("GET lists show the caller's domain only", async () => {
    const tags = await call(t.app, 'GET', '/dashboard/tags', { token: w.tokens.teacher });
    const names = (tags.json().data as { name: string }[]).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['Chemistry', 'Energy']));
    const tagIds = ids(tags);
    expect(tagIds.length).toBeGreaterThan(0);
    expect(await countOf(w, 'tags', `id in (${tagIds.join(',')}) and domain_id <> ${w.domA.id}`)).toBe(0);
    const standards = await call(t.app, 'GET', '/dashboard/standards', { token: w.tokens.teacher });
    expect(standards.json().data).toEqual([{ id: f.std.id, tag: 'MS-PS1-2', description: null, domain_id: w.domA.id }]);
    const products = await call(t.app, 'GET', '/dashboard/products', { token: w.tokens.teacher });
    expect(products.json().data).toEqual([{ id: f.product.id, name: 'Middle School Science', domain_id: w.domA.id }]);
    const superB = await call(t.app, 'GET', `/dashboard/products?domain_id=${w.domB.id}`, { token: w.tokens.super });
    expect(superB.json().data).toEqual([{ id: f.productB.id, name: 'Beta Science', domain_id: w.domB.id }]);
  });
});
