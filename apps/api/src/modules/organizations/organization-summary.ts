import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationSummaryRequestSchema, type OrganizationSummary } from '@aula/domain/organizations';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { caller, guard } from '../../plugins/auth';
import { countAssignmentsByStatus, countClasses } from './organization-summary.repo';
import { getOrganization } from './organizations.service';

// 002 section 3, organization summary (the counting is organization-summary.repo.ts).

export async function organizationSummary(
  deps: Deps,
  auth: AuthContext,
  organizationId: number,
): Promise<OrganizationSummary> {
  const org = await getOrganization(deps, auth, organizationId);
  const [byStatus, classesTotal] = await Promise.all([
    countAssignmentsByStatus(deps.db, org.id),
    countClasses(deps.db, org.id),
  ]);
  return {
    organization_id: org.id,
    assignments: byStatus,
    assignments_total: byStatus.reduce((sum, s) => sum + s.count, 0),
    classes: classesTotal,
  };
}

/** POST /dashboard/summaries/organization (body organization_id), for whoever may view the school. */
export const organizationSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/summaries/organization',
    {
      preHandler: guard({ scope: 'dashboard', resource: 'organization', actions: ['view'] }),
      schema: { tags: ['summaries'], body: organizationSummaryRequestSchema },
    },
    async (req) => ({ data: await organizationSummary(app.deps, caller(req), req.body.organization_id) }),
  );
};
