import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type Actor, type World } from '../../../test/tenancy-fixtures';
import { createActivity, createFolder, createProduct } from '../../db/seed/catalogue-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
});
afterAll(() => t.close());

const readers = { super: 200, domain: 200, district: 200, school: 200, teacher: 200, custom: 403, student: 401 };
const builders = { super: 200, domain: 200, district: 403, school: 403, teacher: 403, custom: 403, student: 401 };

interface TreeNode {
  id: number;
  title: string;
  folder_id: number | null;
  product_id: number | null;
  archived: boolean;
  activities_count: number;
  children: TreeNode[];
}

const links = async (activityId: number) =>
  (
    await w.pool.query<{ folder_id: number }>(
      'select folder_id from activity_folders where activity_id = $1 order by folder_id',
      [activityId],
    )
  ).rows.map((r) => r.folder_id);

async function perActor<T>(make: (a: Actor) => Promise<T>): Promise<Record<Actor, T>> {
  const out = {} as Record<Actor, T>;
  for (const a of ['super', 'domain', 'district', 'school', 'teacher', 'custom', 'student'] as const)
    out[a] = await make(a);
  return out;
}

describe('permission matrix', () => {
  it('readers list the tree; builders create, change, delete folders and move activities', async () => {
    const d = w.domA.id;
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/folders/list')).toEqual(readers);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/activities/folders', { title: 'M', domain_id: d })).toEqual(
      builders,
    );
    const folders = await perActor(() => createFolder(w.db, { domainId: d }));
    expect(
      await statusesByActor(t, w, 'PUT', (a) => `/dashboard/activities/folders/${folders[a].id}`, { title: 'N' }),
    ).toEqual(builders);
    const activity = await createActivity(w.db, { domainId: d, status: 'published' });
    expect(
      await statusesByActor(t, w, 'POST', `/dashboard/activities/${activity.id}/folders`, (a: Actor) => ({
        folder_id: folders[a].id,
      })),
    ).toEqual(builders);
    expect(
      await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/activities/${activity.id}/folders/${folders[a].id}`),
    ).toEqual(builders);
    expect(
      await statusesByActor(t, w, 'DELETE', `/dashboard/activities/${activity.id}/folders`, (a: Actor) => ({
        folder_ids: [folders[a].id],
      })),
    ).toEqual(builders);
    expect(
      await statusesByActor(t, w, 'PUT', '/dashboard/activities/folders/change-branch', (a: Actor) => ({
        product_id: null,
        current_folder_id: folders[a].id,
        target_folder_id: folders[a].id,
        filter: {},
      })),
    ).toEqual(builders);
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/activities/folders/set', (a: Actor) => ({
        target_folder_id: folders[a].id,
        filter: { archived: false, activity_id: activity.id },
      })),
    ).toEqual(builders);
    expect(await statusesByActor(t, w, 'DELETE', (a) => `/dashboard/activities/folders/${folders[a].id}`)).toEqual(
      builders,
    );
  });
});

describe('tree, create, update, delete', () => {
  it('lists the tree with children and counts of readable activities, filtered by archive flag and product', async () => {
    const d = w.domA.id;
    const product = await createProduct(w.db, { domainId: d, name: 'Tree product' });
    const root = await createFolder(w.db, { domainId: d, title: 'Tree root', productId: product.id });
    const child = await createFolder(w.db, {
      domainId: d,
      title: 'Tree child',
      folderId: root.id,
      productId: product.id,
    });
    const archive = await createFolder(w.db, { domainId: d, title: 'Tree archive', archived: true });
    const foreign = await createFolder(w.db, { domainId: w.domB.id, title: 'Tree foreign' });
    await createActivity(w.db, { domainId: d, status: 'published', folderIds: [child.id] });
    await createActivity(w.db, { domainId: d, status: 'draft', folderIds: [child.id] });
    await createActivity(w.db, { domainId: d, accountId: w.accA2.id, status: 'published', folderIds: [child.id] });

    const res = await call(t.app, 'POST', '/dashboard/activities/folders/list', {
      token: w.tokens.domain,
      body: { filters: { product_id: product.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: root.id,
        title: 'Tree root',
        folder_id: null,
        product_id: product.id,
        domain_id: d,
        account_id: null,
        archived: false,
        activities_count: 0,
        children: [
          {
            id: child.id,
            title: 'Tree child',
            folder_id: root.id,
            product_id: product.id,
            domain_id: d,
            account_id: null,
            archived: false,
            activities_count: 3,
            children: [],
          },
        ],
      },
    ]);
    // a teacher of A1 counts only the published activity they may read
    const teacher = await call(t.app, 'POST', '/dashboard/activities/folders/list', {
      token: w.tokens.teacher,
      body: { filters: { product_id: product.id } },
    });
    expect((teacher.json().data as TreeNode[])[0]!.children[0]!.activities_count).toBe(1);
    const archived = await call(t.app, 'POST', '/dashboard/activities/folders/list', {
      token: w.tokens.domain,
      body: { filters: { archived: true } },
    });
    const archivedIds = (archived.json().data as TreeNode[]).map((n) => n.id);
    expect(archivedIds).toContain(archive.id);
    expect(archivedIds).not.toContain(root.id);
    const all = await call(t.app, 'POST', '/dashboard/activities/folders/list', { token: w.tokens.domain });
    expect(JSON.stringify(all.json().data)).not.toContain('Tree foreign');
    expect(foreign.id).toBeGreaterThan(0);
    const other = await call(t.app, 'POST', '/dashboard/activities/folders/list', {
      token: w.tokens.domain,
      body: { filters: { domain_id: w.domB.id } },
    });
    expect(other.statusCode).toBe(404);
  });

  it('creates root and sub-folders; a sub-folder joins its parent’s tree', async () => {
    const d = w.domA.id;
    const product = await createProduct(w.db, { domainId: d });
    const root = await call(t.app, 'POST', '/dashboard/activities/folders', {
      token: w.tokens.domain,
      body: { title: ' Biology ', product_id: product.id },
    });
    expect(root.statusCode).toBe(200);
    expect(root.json().data).toMatchObject({
      title: 'Biology',
      folder_id: null,
      product_id: product.id,
      archived: false,
      domain_id: d,
      account_id: null,
      activities_count: 0,
    });
    const sub = await call(t.app, 'POST', '/dashboard/activities/folders', {
      token: w.tokens.domain,
      body: { title: 'Cells', folder_id: root.json().data.id },
    });
    expect(sub.json().data).toMatchObject({ folder_id: root.json().data.id, product_id: product.id });
    expect(await countOf(w, 'folders', `id = ${sub.json().data.id} and created_by = ${w.users.domain.id}`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'folder.created' and entity_id = '${sub.json().data.id}'`)).toBe(1);
  });

  it('bad input is a 422 with the exact message; another tenant’s parent is 404; nothing is written', async () => {
    const before = await countOf(w, 'folders');
    const parent = await createFolder(w.db, { domainId: w.domA.id });
    const foreign = await createFolder(w.db, { domainId: w.domB.id });
    const productB = await createProduct(w.db, { domainId: w.domB.id });
    const post = (body: unknown) =>
      call(t.app, 'POST', '/dashboard/activities/folders', { token: w.tokens.domain, body });
    const missing = await post({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ title: ['Please enter title'] });
    const mismatch = await post({ title: 'x', folder_id: parent.id, archived: true });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      archived: ['The folders must be in the same tree (product and archive).'],
    });
    const product = await post({ title: 'x', product_id: productB.id });
    expect(product.statusCode).toBe(422);
    expect(product.json().errors).toEqual({ product_id: [`Product ${productB.id} was not found.`] });
    expect((await post({ title: 'x', folder_id: foreign.id })).statusCode).toBe(404);
    expect((await post({ title: 'x', domain_id: w.domB.id })).statusCode).toBe(404);
    expect(await countOf(w, 'folders')).toBe(before + 2);
  });

  it('renames and moves a folder; its branch joins the new tree; a folder cannot go into itself', async () => {
    const d = w.domA.id;
    const product = await createProduct(w.db, { domainId: d });
    const a = await createFolder(w.db, { domainId: d, title: 'A' });
    const b = await createFolder(w.db, { domainId: d, title: 'B', folderId: a.id });
    const c = await createFolder(w.db, { domainId: d, title: 'C', folderId: b.id });
    const target = await createFolder(w.db, { domainId: d, title: 'Target', productId: product.id });
    const into = await call(t.app, 'PUT', `/dashboard/activities/folders/${a.id}`, {
      token: w.tokens.domain,
      body: { folder_id: c.id },
    });
    expect(into.statusCode).toBe(422);
    expect(into.json().errors).toEqual({
      folder_id: ['A folder cannot be moved into itself or one of its sub-folders.'],
    });
    const self = await call(t.app, 'PUT', `/dashboard/activities/folders/${a.id}`, {
      token: w.tokens.domain,
      body: { folder_id: a.id },
    });
    expect(self.statusCode).toBe(422);
    const moved = await call(t.app, 'PUT', `/dashboard/activities/folders/${a.id}`, {
      token: w.tokens.domain,
      body: { title: 'A renamed', folder_id: target.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ title: 'A renamed', folder_id: target.id, product_id: product.id });
    expect(await countOf(w, 'folders', `id in (${b.id}, ${c.id}) and product_id = ${product.id}`)).toBe(2);
    expect(await countOf(w, 'audit_log', `action = 'folder.updated' and entity_id = '${a.id}'`)).toBe(1);
  });

  it('deleting a folder removes its sub-folders and links, not the activities', async () => {
    const d = w.domA.id;
    const top = await createFolder(w.db, { domainId: d });
    const sub = await createFolder(w.db, { domainId: d, folderId: top.id });
    const act = await createActivity(w.db, { domainId: d, folderIds: [sub.id] });
    const res = await call(t.app, 'DELETE', `/dashboard/activities/folders/${top.id}`, { token: w.tokens.domain });
    expect(res.statusCode).toBe(200);
    expect(await countOf(w, 'folders', `id in (${top.id}, ${sub.id})`)).toBe(0);
    expect(await links(act.id)).toEqual([]);
    expect(await countOf(w, 'activities', `id = ${act.id} and deleted_at is null`)).toBe(1);
    expect(await countOf(w, 'audit_log', `action = 'folder.deleted' and entity_id = '${top.id}'`)).toBe(1);
  });

  it("another domain's folder cannot be changed or deleted (404, nothing changed)", async () => {
    const foreign = await createFolder(w.db, { domainId: w.domB.id, title: 'Keep me' });
    const before = (await w.pool.query('select * from folders where id = $1', [foreign.id])).rows;
    const token = w.tokens.domain;
    expect(
      (await call(t.app, 'PUT', `/dashboard/activities/folders/${foreign.id}`, { token, body: { title: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/dashboard/activities/folders/${foreign.id}`, { token })).statusCode).toBe(
      404,
    );
    expect((await w.pool.query('select * from folders where id = $1', [foreign.id])).rows).toEqual(before);
  });
});

describe('activity-folder links', () => {
  it('adds a link, removes one, removes several', async () => {
    const d = w.domA.id;
    const [f1, f2, f3] = [
      await createFolder(w.db, { domainId: d }),
      await createFolder(w.db, { domainId: d }),
      await createFolder(w.db, { domainId: d }),
    ];
    const act = await createActivity(w.db, { domainId: d });
    for (const f of [f1, f2, f3]) {
      const res = await call(t.app, 'POST', `/dashboard/activities/${act.id}/folders`, {
        token: w.tokens.domain,
        body: { folder_id: f.id },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await links(act.id)).toEqual([f1.id, f2.id, f3.id]);
    const one = await call(t.app, 'DELETE', `/dashboard/activities/${act.id}/folders/${f2.id}`, {
      token: w.tokens.domain,
    });
    expect(one.statusCode).toBe(200);
    expect(await links(act.id)).toEqual([f1.id, f3.id]);
    const rest = await call(t.app, 'DELETE', `/dashboard/activities/${act.id}/folders`, {
      token: w.tokens.domain,
      body: { folder_ids: [f1.id, f3.id] },
    });
    expect(rest.statusCode).toBe(200);
    expect(await links(act.id)).toEqual([]);
    const empty = await call(t.app, 'DELETE', `/dashboard/activities/${act.id}/folders`, {
      token: w.tokens.domain,
      body: { folder_ids: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ folder_ids: ['Please select folders'] });
    expect(
      await countOf(
        w,
        'audit_log',
        `action in ('folder.activity-added', 'folder.activity-removed') and entity_id = '${act.id}'`,
      ),
    ).toBe(5);
  });

  it("another tenant's activity or folder is 404 and no link changes", async () => {
    const mine = await createFolder(w.db, { domainId: w.domA.id });
    const foreignFolder = await createFolder(w.db, { domainId: w.domB.id });
    const foreignAct = await createActivity(w.db, { domainId: w.domB.id, folderIds: [foreignFolder.id] });
    const act = await createActivity(w.db, { domainId: w.domA.id });
    const token = w.tokens.domain;
    const tries = [
      call(t.app, 'POST', `/dashboard/activities/${foreignAct.id}/folders`, { token, body: { folder_id: mine.id } }),
      call(t.app, 'POST', `/dashboard/activities/${act.id}/folders`, { token, body: { folder_id: foreignFolder.id } }),
      call(t.app, 'DELETE', `/dashboard/activities/${foreignAct.id}/folders/${foreignFolder.id}`, { token }),
      call(t.app, 'DELETE', `/dashboard/activities/${foreignAct.id}/folders`, {
        token,
        body: { folder_ids: [foreignFolder.id] },
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(404);
    expect(await links(foreignAct.id)).toEqual([foreignFolder.id]);
    expect(await links(act.id)).toEqual([]);
  });
});

describe('change branch and set folder', () => {
  it('change-branch moves the filtered activities of the current folder to the target', async () => {
    const d = w.domA.id;
    const product = await createProduct(w.db, { domainId: d });
    const from = await createFolder(w.db, { domainId: d, productId: product.id });
    const to = await createFolder(w.db, { domainId: d, productId: product.id });
    const other = await createFolder(w.db, { domainId: d });
    const pub = await createActivity(w.db, { domainId: d, status: 'published', folderIds: [from.id] });
    const pub2 = await createActivity(w.db, { domainId: d, status: 'published', folderIds: [from.id] });
    const draft = await createActivity(w.db, { domainId: d, status: 'draft', folderIds: [from.id] });
    const res = await call(t.app, 'PUT', '/dashboard/activities/folders/change-branch', {
      token: w.tokens.domain,
      body: {
        product_id: product.id,
        current_folder_id: from.id,
        target_folder_id: to.id,
        filter: { status: 'published', exclude_activity_id: pub2.id },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ moved: 1, activity_ids: [pub.id] });
    expect(await links(pub.id)).toEqual([to.id]);
    expect(await links(pub2.id)).toEqual([from.id]);
    expect(await links(draft.id)).toEqual([from.id]);
    const wrongTree = await call(t.app, 'PUT', '/dashboard/activities/folders/change-branch', {
      token: w.tokens.domain,
      body: { product_id: product.id, current_folder_id: from.id, target_folder_id: other.id, filter: {} },
    });
    expect(wrongTree.statusCode).toBe(422);
    expect(wrongTree.json().errors).toEqual({
      target_folder_id: ['The folders must be in the same tree (product and archive).'],
    });
    const missing = await call(t.app, 'PUT', '/dashboard/activities/folders/change-branch', {
      token: w.tokens.domain,
      body: { current_folder_id: from.id, target_folder_id: to.id, filter: {} },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ product_id: ['Please select product'] });
    // an account's folder takes only that account's activities
    const a1Folder = await createFolder(w.db, { domainId: d, accountId: w.accA1.id, productId: product.id });
    const a2Act = await createActivity(w.db, { domainId: d, accountId: w.accA2.id, folderIds: [from.id] });
    const a1Act = await createActivity(w.db, { domainId: d, accountId: w.accA1.id, folderIds: [from.id] });
    const toA1 = await call(t.app, 'PUT', '/dashboard/activities/folders/change-branch', {
      token: w.tokens.domain,
      body: {
        product_id: product.id,
        current_folder_id: from.id,
        target_folder_id: a1Folder.id,
        filter: { status: 'draft' },
      },
    });
    expect(toA1.json().data).toEqual({ moved: 1, activity_ids: [a1Act.id] });
    expect(await links(a2Act.id)).toEqual([from.id]);
    expect(await links(draft.id)).toEqual([from.id]);
    const foreign = await createFolder(w.db, { domainId: w.domB.id, productId: null });
    const intoForeign = await call(t.app, 'PUT', '/dashboard/activities/folders/change-branch', {
      token: w.tokens.domain,
      body: { product_id: product.id, current_folder_id: from.id, target_folder_id: foreign.id, filter: {} },
    });
    expect(intoForeign.statusCode).toBe(404);
    expect(await links(pub2.id)).toEqual([from.id]);
  });

  it('set puts one activity into a folder, replacing its folder in that tree but not in others', async () => {
    const d = w.domA.id;
    const product = await createProduct(w.db, { domainId: d });
    const old = await createFolder(w.db, { domainId: d, productId: product.id });
    const target = await createFolder(w.db, { domainId: d, productId: product.id });
    const elsewhere = await createFolder(w.db, { domainId: d });
    const act = await createActivity(w.db, { domainId: d, folderIds: [old.id, elsewhere.id] });
    const res = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: { target_folder_id: target.id, product_id: product.id, filter: { archived: false, activity_id: act.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ moved: 1, activity_ids: [act.id] });
    expect(await links(act.id)).toEqual([elsewhere.id, target.id].sort((x, y) => x - y));
  });

  it('set with archived puts archived activities into an archive folder', async () => {
    const d = w.domA.id;
    const archive = await createFolder(w.db, { domainId: d, archived: true });
    const working = await createFolder(w.db, { domainId: d });
    const act = await createActivity(w.db, { domainId: d, archived: true, folderIds: [working.id] });
    const live = await createActivity(w.db, { domainId: d });
    const body = (activity_id: number, target = archive.id) => ({
      target_folder_id: target,
      filter: { archived: true, activity_id },
    });
    const res = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: body(act.id),
    });
    expect(res.json().data).toEqual({ moved: 1, activity_ids: [act.id] });
    expect(await links(act.id)).toEqual([working.id, archive.id].sort((x, y) => x - y));
    // a live activity is not picked by an archived filter
    const notArchived = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: body(live.id),
    });
    expect(notArchived.json().data).toEqual({ moved: 0, activity_ids: [] });
    const wrongTree = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: body(act.id, working.id),
    });
    expect(wrongTree.statusCode).toBe(422);
    const sweep = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: { target_folder_id: archive.id, filter: { archived: true } },
    });
    expect(sweep.statusCode).toBe(422);
    expect(sweep.json().errors).toEqual({ 'filter.activity_id': ['Please select activity'] });
    const foreignAct = await createActivity(w.db, { domainId: w.domB.id, archived: true });
    const foreign = await call(t.app, 'POST', '/dashboard/activities/folders/set', {
      token: w.tokens.domain,
      body: body(foreignAct.id),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await links(foreignAct.id)).toEqual([]);
  });
});
