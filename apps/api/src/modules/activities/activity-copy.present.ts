import type { ActivityRow } from './activity-copy.repo';

/** The new activity of a duplicate, clone or import (the catalogue's GET /activities/:id tells the rest). */
export function presentActivityCopy(a: ActivityRow & { screens_count: number }) {
  return {
    id: a.id,
    title: a.title,
    description: a.description,
    kind: a.kind,
    status: a.status as 'draft' | 'published',
    domain_id: a.domainId,
    account_id: a.accountId,
    source_activity_id: a.sourceActivityId,
    screens_count: a.screens_count,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
