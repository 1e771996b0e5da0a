import type { ActivityWithExtras } from './activities.service';
import type { TagRow } from './activities.repo';

/** The Activity of the catalogue API (agreed between the issue 4 modules). */
export function presentActivity(a: ActivityWithExtras) {
  return {
    id: a.id,
    title: a.title,
    description: a.description,
    kind: a.kind,
    status: a.status as 'draft' | 'published',
    domain_id: a.domainId,
    account_id: a.accountId,
    favorite: a.favorite,
    tags: a.tags,
    standards: a.standards,
    products: a.products,
    folders: a.folders,
    published_version_id: a.publishedVersionId,
    published_at: a.publishedAt?.toISOString() ?? null,
    scheduled_at: a.scheduledAt?.toISOString() ?? null,
    archived: a.archivedAt !== null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    screens_count: a.screensCount,
    // the activity this one was duplicated, cloned or imported from
    source_activity_id: a.sourceActivityId,
  };
}

/** The report builder's picker needs only these. */
export function presentActivityRef(a: { id: number; title: string }) {
  return { id: a.id, title: a.title };
}

export function presentTag(t: TagRow) {
  return { id: t.id, name: t.name };
}

export function presentStandard(s: { id: number; tag: string; description: string | null; domainId: number }) {
  return { id: s.id, tag: s.tag, description: s.description, domain_id: s.domainId };
}

export function presentProduct(p: { id: number; name: string; domainId: number }) {
  return { id: p.id, name: p.name, domain_id: p.domainId };
}
