import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  activities,
  activityFolders,
  activityTags,
  folders,
  media,
  products,
  sensors,
  standards,
  tags,
} from '../schema';
import { uniqueSuffix } from './factories';

// The activity catalogue's rows (metadata only; screens come from screen-factories.ts): activities, tags, folders,
// standards, products, media, sensors.

export async function createActivity(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    kind?: string;
    status?: 'draft' | 'published';
    description?: string | null;
    archived?: boolean;
    tagNames?: readonly string[];
    folderIds?: readonly number[];
  },
) {
  const published = v.status === 'published';
  const [row] = await db
    .insert(activities)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      title: v.title ?? `Activity ${uniqueSuffix()}`,
      kind: v.kind ?? 'ngss',
      status: v.status ?? 'draft',
      description: v.description ?? null,
      publishedAt: published ? new Date() : null,
      archivedAt: v.archived ? new Date() : null,
    })
    .returning();
  for (const name of v.tagNames ?? []) {
    const tag = await createTag(db, { domainId: v.domainId, name });
    await db.insert(activityTags).values({ activityId: row!.id, tagId: tag.id });
  }
  if (v.folderIds?.length)
    await db.insert(activityFolders).values(v.folderIds.map((folderId) => ({ folderId, activityId: row!.id })));
  return row!;
}

/** The domain's tag of this name (without case), created when missing. */
export async function createTag(db: DbOrTx, v: { domainId: number; name: string }) {
  await db.insert(tags).values(v).onConflictDoNothing();
  const res = await db.execute<{ id: number; name: string }>(
    sql`select id, name from tags where domain_id = ${v.domainId} and lower(name) = lower(${v.name})`,
  );
  return res.rows[0]!;
}

export async function createFolder(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    folderId?: number | null;
    productId?: number | null;
    archived?: boolean;
  },
) {
  const [row] = await db
    .insert(folders)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      title: v.title ?? `Folder ${uniqueSuffix()}`,
      folderId: v.folderId ?? null,
      productId: v.productId ?? null,
      archived: v.archived ?? false,
    })
    .returning();
  return row!;
}

export async function createStandard(db: DbOrTx, v: { domainId: number; tag?: string; description?: string }) {
  const [row] = await db
    .insert(standards)
    .values({ domainId: v.domainId, tag: v.tag ?? `STD-${uniqueSuffix()}`, description: v.description ?? null })
    .returning();
  return row!;
}

export async function createProduct(db: DbOrTx, v: { domainId: number; name?: string }) {
  const [row] = await db
    .insert(products)
    .values({ domainId: v.domainId, name: v.name ?? `Product ${uniqueSuffix()}` })
    .returning();
  return row!;
}

/** A media library row (an iframe unless told otherwise); shared in the domain when no account is given. */
export async function createMedia(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    type?: string;
    title?: string;
    location?: string | null;
    images?: { small: string; medium: string; large: string } | null;
    stored?: { type: 'hls' | 'dash' | 'mp4' | 'poster'; src: string }[];
    sensorIds?: number[];
  },
) {
  const [row] = await db
    .insert(media)
    .values({
      domainId: v.domainId,
      accountId: v.accountId ?? null,
      type: v.type ?? 'iframe',
      title: v.title ?? `Media ${uniqueSuffix()}`,
      location: v.location === undefined ? 'https://tool.example.org/embed' : v.location,
      images:
        v.images ?? ((v.type ?? 'iframe') === 'image' ? { small: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' } : null),
      stored: v.stored ?? [],
      sensorIds: v.sensorIds ?? [],
    })
    .returning();
  return row!;
}

/** A sensor kind; provider-wide when no domain is given. */
export async function createSensor(db: DbOrTx, v: { domainId?: number | null; name?: string; code?: string } = {}) {
  const [row] = await db
    .insert(sensors)
    .values({
      domainId: v.domainId ?? null,
      name: v.name ?? `Sensor ${uniqueSuffix()}`,
      code: v.code ?? `S-${uniqueSuffix()}`,
    })
    .returning();
  return row!;
}
