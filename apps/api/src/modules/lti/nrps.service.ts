import { NRPS_MEDIA_TYPE, NRPS_SCOPE, type NrpsImportResult } from '@aula/domain/lti-services';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { linkToImport } from './lti-links.service';
import * as repo from './nrps.repo';
import { nextLink, PlatformServiceError, refusal, serviceCall } from './platform-client';

// Names and Role Provisioning Services (issue 18 item 5; docs/lti.md, "Importing a course's members"): the members
// of the LMS course behind a link, read page by page (Link rel="next"), matched to Aula users by identity link or
// roster sourcedId, the missing ones created in the deployment's district with their identity link, all enrolled in
// the class the link maps to. One transaction: the import is whole or nothing.

/** A platform that never stops paging is not followed past this. */
const MAX_PAGES = 1000;
const LEARNER = /(^|#|\/)Learner$/;
const INSTRUCTOR = /(^|#|\/)(Instructor|TeachingAssistant)$/;

interface Member {
  user_id: string;
  status: string;
  roles: string[];
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  lis_person_sourcedid?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function parseMember(raw: unknown): Member | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  const userId = str(m.user_id);
  if (!userId) return null;
  return {
    user_id: userId,
    status: str(m.status) ?? 'Active',
    roles: Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [],
    given_name: str(m.given_name),
    family_name: str(m.family_name),
    name: str(m.name),
    email: str(m.email),
    lis_person_sourcedid: str(m.lis_person_sourcedid),
  };
}

/** The role in Aula a member's LTI roles give: an instructor or teaching assistant teaches, a learner learns. */
export function memberRole(roles: readonly string[]): 'teacher' | 'student' | null {
  if (roles.some((r) => INSTRUCTOR.test(r))) return 'teacher';
  if (roles.some((r) => LEARNER.test(r))) return 'student';
  return null;
}

/** Every member, following rel="next" from page to page. */
async function fetchMembers(deps: Deps, platform: Parameters<typeof serviceCall>[1], url: string): Promise<Member[]> {
  const members: Member[] = [];
  let next: string | null = url;
  for (let page = 0; next; page++) {
    if (page >= MAX_PAGES) throw new PlatformServiceError(`memberships: more than ${MAX_PAGES} pages`);
    const res = await serviceCall(
      deps,
      platform,
      [NRPS_SCOPE],
      next,
      { headers: { accept: NRPS_MEDIA_TYPE } },
      'memberships',
    );
    if (!res.ok) throw await refusal(res, 'memberships');
    const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
    if (!body || !Array.isArray(body.members)) throw new PlatformServiceError('memberships: the page has no members');
    for (const raw of body.members) {
      const m = parseMember(raw);
      if (m) members.push(m);
    }
    next = nextLink(res.headers.get('link'), next);
  }
  return members;
}

/**
 * POST /dashboard/lti/links/:id/import-members, body `{ class_id? }`: into the link's class, or into `class_id`, which
 * the link then maps to (lti-links.service.ts says who may).
 */
export async function importMembers(
  deps: Deps,
  auth: AuthContext,
  linkId: number,
  input: { class_id?: number | undefined },
  ip: string,
): Promise<NrpsImportResult> {
  const { link, platform, accountId, domainId, classId } = await linkToImport(deps, auth, linkId, input.class_id);
  let members: Member[];
  try {
    members = await fetchMembers(deps, platform, link.membershipsUrl!);
  } catch (err) {
    if (err instanceof PlatformServiceError)
      throw new ConflictError({ key: 'ltiServices.errors.membershipsFailed', params: { reason: err.message } });
    throw err;
  }
  const result: NrpsImportResult = { created: 0, matched: 0, skipped: 0, enrolled: 0, skipped_members: [] };
  const skip = (m: Member, reason: NrpsImportResult['skipped_members'][number]['reason']) => {
    result.skipped += 1;
    result.skipped_members.push({ user_id: m.user_id, reason });
  };
  await deps.db.transaction(async (tx) => {
    if (link.classId !== classId) await repo.mapLinkToClass(tx, link.id, classId);
    const organizationId = (await repo.classOrganization(tx, classId))!;
    const seen = new Set<string>();
    for (const m of members) {
      if (seen.has(m.user_id)) continue;
      seen.add(m.user_id);
      if (m.status !== 'Active') {
        skip(m, 'inactive');
        continue;
      }
      const role = memberRole(m.roles);
      if (!role) {
        skip(m, 'role');
        continue;
      }
      let user = await repo.userByIdentity(tx, platform.issuer, m.user_id);
      if (user && user.accountId !== accountId) {
        skip(m, 'other_district');
        continue;
      }
      if (!user && m.lis_person_sourcedid) {
        user = await repo.userBySourcedId(tx, accountId, m.lis_person_sourcedid);
        if (user)
          await repo.linkIdentity(tx, {
            userId: user.id,
            issuer: platform.issuer,
            subject: m.user_id,
            email: m.email ?? null,
          });
      }
      let type: 'student' | 'teacher';
      if (user) {
        if (user.role !== 'student' && user.role !== 'teacher') {
          skip(m, 'role');
          continue;
        }
        type = user.role;
        result.matched += 1;
      } else {
        const [first, ...rest] = (m.name ?? '').split(/\s+/).filter(Boolean);
        const firstName = m.given_name ?? first;
        const lastName = m.family_name ?? (rest.length ? rest.join(' ') : undefined);
        if (!firstName || !lastName) {
          skip(m, 'no_name');
          continue;
        }
        const email = m.email && !(await repo.emailTaken(tx, m.email)) ? m.email : null;
        const id = await repo.insertMemberUser(tx, {
          role,
          domainId,
          accountId,
          organizationId,
          firstName,
          lastName,
          email,
          sourcedId: m.lis_person_sourcedid ?? null,
        });
        await repo.linkIdentity(tx, {
          userId: id,
          issuer: platform.issuer,
          subject: m.user_id,
          email: m.email ?? null,
        });
        user = { id, role, accountId };
        type = role;
        result.created += 1;
      }
      if (await repo.enrol(tx, classId, user.id, type)) result.enrolled += 1;
    }
    await insertAuditEntry(tx, {
      actorUserId: auth.user.id,
      accountId,
      action: 'lti-link.members-imported',
      entityType: 'class',
      entityId: classId,
      details: {
        link_id: link.id,
        mapped: link.classId !== classId,
        created: result.created,
        matched: result.matched,
        skipped: result.skipped,
        enrolled: result.enrolled,
      },
      ip,
    });
  });
  return result;
}
