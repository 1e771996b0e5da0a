import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, REALTIME_EVENTS } from '@aula/domain/realtime';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';
import { createActivity, createFolder, createProduct } from '../../db/seed/catalogue-factories';
import { createCustomRole, createUser } from '../../db/seed/factories';

// Products (002 section 7): every route with the wrong role (403), the wrong tenant (404), bad input (422) and what
// it writes: rows, the copied activities and folders, the 'product status changed' event.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const managers = { super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };
type Product = { id: number; name: string; description: string | null; domain_id: number; activities_count: number };

async function productsPerActor(domainId: number): Promise<Record<Actor, number>> {
  const out = {} as Record<Actor, number>;
  for (const a of ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const)
    out[a] = (await createProduct(w.db, { domainId, name: `For ${a}` })).id;
  return out;
}

describe('permissions', () => {
  it('list, get, create, update, delete and copy are product management (domain administrators and staff)', async () => {
    const p = await createProduct(w.db, { domainId: w.domA.id, name: 'Shared science' });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/products/list', {})).toEqual(managers);
    expect(await statusesByActor(t, w, 'GET', `/dashboard/products/${p.id}`)).toEqual(managers);
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/products', (a: Actor) => ({
        name: `New ${a}`,
        domain_id: w.domA.id,
      })),
    ).toEqual(managers);
    const toUpdate = await productsPerActor(w.domA.id);
    expect(
      await statusesByActor(t, w, 'PUT', (a) => `/dashboard/products/${toUpdate[a]}`, { name: 'Renamed product' }),
    ).toEqual(managers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/products/copy', { product_id: p.id })).toEqual(managers);
    const toDelete = await productsPerActor(w.domA.id);
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/products/${toDelete[a]}`)).toEqual(managers);
  });

  it('my list is for anyone who works with content or plans; a custom role without either is refused', async () => {
    expect(await statusesByActor(t, w, 'POST', '/dashboard/products/my', {})).toEqual({
      super: 200,
      domain: 200,
      district: 200,
      school: 200,
      teacher: 200,
      custom: 403,
      student: 401,
    });
  });

  it('another domain’s products do not exist for a domain administrator (404) and stay unchanged', async () => {
    const other = await createProduct(w.db, { domainId: w.domB.id, name: 'Beta product' });
    const token = w.tokens.domain;
    expect((await call(t.app, 'GET', `/dashboard/products/${other.id}`, { token })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'PUT', `/dashboard/products/${other.id}`, { token, body: { name: 'Mine now' } })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/dashboard/products/${other.id}`, { token })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', '/dashboard/products/copy', { token, body: { product_id: other.id } })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/dashboard/products', { token, body: { name: 'Planted', domain_id: w.domB.id } }))
        .statusCode,
    ).toBe(404);
    const list = await call(t.app, 'POST', '/dashboard/products/list', { token, body: { per_page: 300 } });
    expect(list.json().data.map((p: Product) => p.id)).not.toContain(other.id);
    expect(
      (await call(t.app, 'POST', '/dashboard/products/list', { token, body: { domain_id: w.domB.id } })).statusCode,
    ).toBe(404);
    const my = await call(t.app, 'POST', '/dashboard/products/my', { token: w.tokens.teacher, body: {} });
    expect(my.json().data.map((p: Product) => p.id)).not.toContain(other.id);
    const row = await w.pool.query('select name, deleted_at from products where id = $1', [other.id]);
    expect(row.rows[0]).toEqual({ name: 'Beta product', deleted_at: null });
    expect(await countOf(w, 'products', `name in ('Planted', 'Mine now')`)).toBe(0);
  });

  it('an account-level custom role with product management reads its domain’s products but cannot change them', async () => {
    const role = await createCustomRole(w.db, {
      permissions: ['product-management'],
      domainId: w.domA.id,
      accountId: w.accA1.id,
    });
    await createUser(w.db, {
      role: 'custom',
      roleId: role.id,
      domainId: w.domA.id,
      accountId: w.accA1.id,
      email: 'products@a.test',
    });
    const signIn = await call(t.app, 'POST', '/dashboard/auth/form', {
      body: { login: 'products@a.test', password: 'Passw0rd!' },
    });
    const token = signIn.json().data.token as string;
    expect((await call(t.app, 'POST', '/dashboard/products/list', { token, body: {} })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/dashboard/products', { token, body: { name: 'Account product' } })).statusCode,
    ).toBe(403);
  });
});

describe('create, update, list and delete', () => {
  it('a domain administrator creates a product in their domain; staff name the domain', async () => {
    const before = t.events.published.length;
    const res = await call(t.app, 'POST', '/dashboard/products', {
      token: w.tokens.domain,
      body: { name: '  Earth Science  ', description: 'Grades 6-8' },
    });
    expect(res.statusCode).toBe(200);
    const made = res.json().data as Product;
    expect(made).toMatchObject({
      name: 'Earth Science',
      description: 'Grades 6-8',
      domain_id: w.domA.id,
      activities_count: 0,
    });
    expect(await countOf(w, 'products', `id = ${made.id} and domain_id = ${w.domA.id}`)).toBe(1);
    expect(t.events.published.slice(before)).toEqual([
      {
        channel: channels.products(),
        event: REALTIME_EVENTS.productStatusChanged,
        payload: { product_id: made.id, status: 'created' },
      },
    ]);
    const noDomain = await call(t.app, 'POST', '/dashboard/products', {
      token: w.tokens.super,
      body: { name: 'Nowhere' },
    });
    expect(noDomain.statusCode).toBe(422);
    expect(noDomain.json().errors).toEqual({ domain_id: ['Please select domain'] });
  });

  it('refuses a missing or short name with the messages, writing nothing', async () => {
    const before = await countOf(w, 'products');
    const empty = await call(t.app, 'POST', '/dashboard/products', { token: w.tokens.domain, body: { name: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Please enter name'] });
    const short = await call(t.app, 'POST', '/dashboard/products', { token: w.tokens.domain, body: { name: 'X' } });
    expect(short.json().errors).toEqual({ name: ['Name must be at least 2 characters long'] });
    const p = await createProduct(w.db, { domainId: w.domA.id, name: 'Keep me' });
    const badUpdate = await call(t.app, 'PUT', `/dashboard/products/${p.id}`, { token: w.tokens.domain, body: {} });
    expect(badUpdate.json().errors).toEqual({ name: ['Please enter name'] });
    expect(await countOf(w, 'products')).toBe(before + 1);
    expect(await countOf(w, 'products', `id = ${p.id} and name = 'Keep me'`)).toBe(1);
  });

  it('updates name and description', async () => {
    const p = await createProduct(w.db, { domainId: w.domA.id, name: 'Old name' });
    const res = await call(t.app, 'PUT', `/dashboard/products/${p.id}`, {
      token: w.tokens.domain,
      body: { name: 'New name', description: 'Now described' },
    });
    expect(res.json().data).toMatchObject({ id: p.id, name: 'New name', description: 'Now described' });
  });

  it('lists with pagination and search', async () => {
    for (const name of ['Paging Alpha', 'Paging Beta', 'Paging Gamma'])
      await createProduct(w.db, { domainId: w.domA.id, name });
    const res = await call(t.app, 'POST', '/dashboard/products/list', {
      token: w.tokens.domain,
      body: { search: 'paging', page: 2, per_page: 2 },
    });
    expect(res.json()).toMatchObject({ data: [{ name: 'Paging Gamma' }], meta: { page: 2, per_page: 2, total: 3 } });
  });

  it('deletes softly: gone from lists, pickers and activities, kept while a PAS plan uses it', async () => {
    const p = await createProduct(w.db, { domainId: w.domA.id, name: 'Retiring' });
    const activity = await createActivity(w.db, { domainId: w.domA.id, status: 'published' });
    await w.pool.query('insert into activity_products values ($1, $2)', [activity.id, p.id]);
    const { rows } = await w.pool.query<{ id: number }>(
      `insert into pas_plans (account_id, name, product_id, plan_type) values ($1, 'Plan', $2, 0) returning id`,
      [w.accA1.id, p.id],
    );
    const refused = await call(t.app, 'DELETE', `/dashboard/products/${p.id}`, { token: w.tokens.domain });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This product is used by 1 PAS plan and cannot be deleted.');
    await w.pool.query('update pas_plans set deleted_at = now() where id = $1', [rows[0]!.id]);
    const res = await call(t.app, 'DELETE', `/dashboard/products/${p.id}`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    expect(await countOf(w, 'products', `id = ${p.id} and deleted_at is not null`)).toBe(1);
    expect((await call(t.app, 'GET', `/dashboard/products/${p.id}`, { token: w.tokens.domain })).statusCode).toBe(404);
    const labels = await call(t.app, 'GET', '/dashboard/products', { token: w.tokens.teacher });
    expect(labels.json().data.map((x: Product) => x.id)).not.toContain(p.id);
    const shown = await call(t.app, 'GET', `/dashboard/activities/${activity.id}`, { token: w.tokens.teacher });
    expect(shown.json().data.products).toEqual([]);
  });
});

describe('POST /dashboard/products/copy', () => {
  it('makes a new product of the same domain with the description, activities and folder trees', async () => {
    const source = await createProduct(w.db, { domainId: w.domA.id, name: 'Physical Science' });
    await w.pool.query(`update products set description = 'Forces and motion' where id = $1`, [source.id]);
    const [a1, a2] = [
      await createActivity(w.db, { domainId: w.domA.id, status: 'published' }),
      await createActivity(w.db, { domainId: w.domA.id, status: 'published' }),
    ];
    await w.pool.query('insert into activity_products values ($1, $3), ($2, $3)', [a1.id, a2.id, source.id]);
    const root = await createFolder(w.db, { domainId: w.domA.id, title: 'Units', productId: source.id });
    const child = await createFolder(w.db, {
      domainId: w.domA.id,
      title: 'Forces',
      productId: source.id,
      folderId: root.id,
    });
    await w.pool.query('insert into activity_folders (folder_id, activity_id) values ($1, $2)', [child.id, a1.id]);

    const res = await call(t.app, 'POST', '/dashboard/products/copy', {
      token: w.tokens.domain,
      body: { product_id: source.id },
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json().data as Product & { folders_count: number };
    expect(copy).toMatchObject({
      name: 'Physical Science (copy)',
      description: 'Forces and motion',
      domain_id: w.domA.id,
      activities_count: 2,
      folders_count: 2,
    });
    expect(copy.id).not.toBe(source.id);
    const tree = await w.pool.query<{ title: string; parent: string | null; activities: number }>(
      `select f.title, p.title as parent, (select count(*)::int from activity_folders af where af.folder_id = f.id) as activities
         from folders f left join folders p on p.id = f.folder_id where f.product_id = $1 order by f.id`,
      [copy.id],
    );
    expect(tree.rows).toEqual([
      { title: 'Units', parent: null, activities: 0 },
      { title: 'Forces', parent: 'Units', activities: 1 },
    ]);
    // the source is untouched
    expect(await countOf(w, 'folders', `product_id = ${source.id}`)).toBe(2);
    const named = await call(t.app, 'POST', '/dashboard/products/copy', {
      token: w.tokens.super,
      body: { product_id: source.id, name: 'Physical Science 2' },
      lang: 'es',
    });
    expect(named.json().data.name).toBe('Physical Science 2');
    const spanish = await call(t.app, 'POST', '/dashboard/products/copy', {
      token: w.tokens.super,
      body: { product_id: source.id },
      lang: 'es',
    });
    expect(spanish.json().data.name).toMatch(/^Physical Science \(/);
    const missing = await call(t.app, 'POST', '/dashboard/products/copy', { token: w.tokens.domain, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ product_id: ['Please select product'] });
  });
});
