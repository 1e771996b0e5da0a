import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { activities, folders, guides, media } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';

// The one translation of a caller's TenantScope into WHERE clauses for authored content (activities, folders,
// media, guides). Content belongs to a domain and, when a district made it, to that account as well:
// - provider staff (global) see everything;
// - a domain caller sees everything of their domain, shared or account-owned;
// - an account or school caller sees their domain's shared content and their own account's.
// Writing needs more: an account or school caller may change only content of their own account; shared content is
// the domain's. A row outside these clauses does not exist for the caller (404).

type Owned = typeof activities | typeof folders | typeof media | typeof guides;

function readable(table: Owned, scope: TenantScope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'domain':
      return eq(table.domainId, scope.domainId);
    default:
      return and(eq(table.domainId, scope.domainId), or(isNull(table.accountId), eq(table.accountId, scope.accountId)));
  }
}

function writable(table: Owned, scope: TenantScope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'domain':
      return eq(table.domainId, scope.domainId);
    default:
      return and(eq(table.domainId, scope.domainId), eq(table.accountId, scope.accountId));
  }
}

/** Live (not deleted) activities the caller may read. */
export function activityReadable(scope: TenantScope): SQL {
  return and(isNull(activities.deletedAt), readable(activities, scope))!;
}

/** Live activities the caller may change. */
export function activityWritable(scope: TenantScope): SQL {
  return and(isNull(activities.deletedAt), writable(activities, scope))!;
}

export function folderReadable(scope: TenantScope): SQL | undefined {
  return readable(folders, scope);
}

export function folderWritable(scope: TenantScope): SQL | undefined {
  return writable(folders, scope);
}

/** Live media the caller may use in a screen. */
export function mediaReadable(scope: TenantScope): SQL {
  return and(isNull(media.deletedAt), readable(media, scope))!;
}

export function mediaWritable(scope: TenantScope): SQL {
  return and(isNull(media.deletedAt), writable(media, scope))!;
}

/** Guides the caller may read (the guide resource; teachers reach guides through their activities). */
export function guideReadable(scope: TenantScope): SQL | undefined {
  return readable(guides, scope);
}

export function guideWritable(scope: TenantScope): SQL | undefined {
  return writable(guides, scope);
}
