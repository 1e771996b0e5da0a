import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ltiResourceLinks } from '../../db/schema';

// LTI resource links (issue 18 items 3-5; docs/lti.md): one row per deployment + platform resource_link id. The
// launch upserts it from the id_token claims; AGS reads the line item URLs, NRPS the memberships URL.

export type LtiResourceLinkRow = typeof ltiResourceLinks.$inferSelect;

export interface UpsertResourceLinkInput {
  /** lti_deployments.id (Aula's row, not the platform's deployment_id string) */
  deploymentId: number;
  /** claim https://purl.imsglobal.org/spec/lti/claim/resource_link: id */
  resourceLinkId: string;
  /** claim .../claim/context: id and title */
  contextId: string;
  contextTitle?: string | null;
  /** the Aula activity and/or assignment the link opens (from the custom claim or deep linking) */
  activityId?: number | null;
  assignmentId?: number | null;
  /** a whole assignment set (custom aula_assignment_set_id) */
  assignmentSetId?: number | null;
  /** the Aula class the course maps to */
  classId?: number | null;
  /** claim https://purl.imsglobal.org/spec/lti-ags/claim/endpoint: lineitem, lineitems, scope */
  lineItemUrl?: string | null;
  lineItemsUrl?: string | null;
  agsScopes?: string[];
  /** claim https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice: context_memberships_url */
  membershipsUrl?: string | null;
}

/**
 * Inserts or refreshes the link. A later launch updates what it carries; fields it leaves out (undefined) keep their
 * stored value, so a launch without the AGS claim does not erase a line item an earlier one gave.
 */
export async function upsertResourceLink(db: DbOrTx, input: UpsertResourceLinkInput): Promise<LtiResourceLinkRow> {
  const values = {
    deploymentId: input.deploymentId,
    resourceLinkId: input.resourceLinkId,
    contextId: input.contextId,
    contextTitle: input.contextTitle,
    activityId: input.activityId,
    assignmentId: input.assignmentId,
    assignmentSetId: input.assignmentSetId,
    classId: input.classId,
    lineItemUrl: input.lineItemUrl,
    lineItemsUrl: input.lineItemsUrl,
    agsScopes: input.agsScopes,
    membershipsUrl: input.membershipsUrl,
  };
  const set: Partial<typeof ltiResourceLinks.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  for (const [k, v] of Object.entries(values)) {
    if (v !== undefined && k !== 'deploymentId' && k !== 'resourceLinkId') (set as Record<string, unknown>)[k] = v;
  }
  const [row] = await db
    .insert(ltiResourceLinks)
    .values({ ...values, agsScopes: input.agsScopes ?? [] })
    .onConflictDoUpdate({ target: [ltiResourceLinks.deploymentId, ltiResourceLinks.resourceLinkId], set })
    .returning();
  return row!;
}

export async function findResourceLink(db: DbOrTx, id: number): Promise<LtiResourceLinkRow | undefined> {
  const [row] = await db.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, id));
  return row;
}

export async function findResourceLinkByPlatformId(
  db: DbOrTx,
  deploymentId: number,
  resourceLinkId: string,
): Promise<LtiResourceLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.deploymentId, deploymentId), eq(ltiResourceLinks.resourceLinkId, resourceLinkId)));
  return row;
}
