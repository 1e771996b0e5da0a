import { z } from 'zod';
import type { OneRosterUserRole, RosterQueueStatus } from './rostering.ts';

// The roster import queue's rules (issue 16 items 3-8; 002 sections 4 and 7): which status a person's action moves
// an item to, what counts as stuck, how OneRoster roles map to Aula roles, and the payloads of the queue calls.

/** custom: users added by POST direct custom users create (a delta of users, applied without review). */
export const ROSTER_DATA_TYPES = ['csv', 'rest', 'clever', 'classlink', 'custom'] as const;
export type RosterDataType = (typeof ROSTER_DATA_TYPES)[number];

export const ROSTER_IMPORT_TYPES = ['bulk', 'delta'] as const;

/** The entity types of the review, in the order an import applies them. */
export const ROSTER_ENTITY_TYPES = ['orgs', 'academicSessions', 'courses', 'classes', 'users', 'enrollments'] as const;
export type RosterEntityType = (typeof ROSTER_ENTITY_TYPES)[number];

/**
 * create / update / disable: what the import does to a row. possible_match: a new user whose e-mail or username
 * belongs to an existing user without a sourcedId (never merged; nothing is created for it). skip: a row the import
 * leaves out (its reason is in the log).
 */
export const ROSTER_CHANGE_ACTIONS = ['create', 'update', 'disable', 'possible_match', 'skip'] as const;
export type RosterChangeAction = (typeof ROSTER_CHANGE_ACTIONS)[number];

/** What PUT queue item may ask for. */
export const ROSTER_STATUS_ACTIONS = ['approve', 'reject', 'confirm', 'restart'] as const;
export type RosterStatusAction = (typeof ROSTER_STATUS_ACTIONS)[number];

/** An item staging, validating or applying for longer than this is stuck and may be restarted. */
export const ROSTER_STUCK_MINUTES = 15;

/** Statuses a worker is busy in; an item in one of them for too long is stuck. */
export const ROSTER_BUSY_STATUSES: readonly RosterQueueStatus[] = [
  'created',
  'staging',
  'validation',
  'staged',
  'sanity',
  'preprocessing',
  'processing',
];

/**
 * The status an action moves an item to, or null when the action is illegal in the item's status (a 409).
 * approve: a prepared item (reviewed) is applied. confirm: an item held by the sanity check (actionRequired) is
 * confirmed and applied; confirming is the approval. reject: any item waiting for a person. restart: a failed or
 * stuck item starts again from where it can: applying again when it had been approved, else staging again.
 */
export function rosterStatusAfter(
  action: RosterStatusAction,
  item: { status: RosterQueueStatus; approved: boolean; stuck: boolean },
): RosterQueueStatus | null {
  switch (action) {
    case 'approve':
      return item.status === 'prepared' ? 'preprocessing' : null;
    case 'confirm':
      return item.status === 'actionRequired' ? 'preprocessing' : null;
    case 'reject':
      return ['staged', 'prepared', 'actionRequired'].includes(item.status) ? 'rejected' : null;
    case 'restart': {
      const restartable = item.status === 'failed' || (ROSTER_BUSY_STATUSES.includes(item.status) && item.stuck);
      if (!restartable) return null;
      return item.approved ? 'preprocessing' : 'created';
    }
  }
}

/**
 * OneRoster user roles as Aula roles. Administrators of the district (administrator, districtAdministrator,
 * systemAdministrator) are district admins; a site administrator or principal is a school admin; aides teach.
 * Guardians, parents, relatives and proctors have no Aula role: they are left out (a warning in the log).
 */
export const ONEROSTER_ROLE_MAP: Record<
  OneRosterUserRole,
  'student' | 'teacher' | 'administrator' | 'school-administrator' | null
> = {
  student: 'student',
  teacher: 'teacher',
  aide: 'teacher',
  administrator: 'administrator',
  districtAdministrator: 'administrator',
  systemAdministrator: 'administrator',
  siteAdministrator: 'school-administrator',
  principal: 'school-administrator',
  guardian: null,
  parent: null,
  relative: null,
  proctor: null,
};

/** Enrollment roles as class membership: students learn, every other staff role teaches; the rest is left out. */
export function enrollmentUserType(role: string): 'student' | 'teacher' | null {
  if (role === 'student') return 'student';
  if (['teacher', 'aide', 'administrator', 'proctor'].includes(role)) return 'teacher';
  return null;
}

/** Share of users, classes or enrollments an import may disable or delete before it must be confirmed. */
export function exceedsSanityShare(disabled: number, existing: number, share: number): boolean {
  return existing > 0 && disabled / existing > share;
}

const id = z.coerce.number({ error: 'validation.invalidValue' }).int().positive();
const page = z.coerce.number().int().min(1).default(1);
const perPage = z.coerce.number().int().min(1).max(200).default(20);

export const rosterQueueIdParamSchema = z.object({ queue_id: id });
export const rosterAccountScopeSchema = z.object({ account_id: id.optional() }).strict();

export const rosterQueueStatusRequestSchema = z.object({ scope: rosterAccountScopeSchema.optional() });

export const rosterHistoryRequestSchema = z.object({
  scope: rosterAccountScopeSchema.optional(),
  page,
  per_page: perPage,
  status: z
    .enum([
      'created',
      'staging',
      'validation',
      'staged',
      'prepared',
      'sanity',
      'actionRequired',
      'preprocessing',
      'processing',
      'processed',
      'failed',
      'empty',
      'rejected',
    ])
    .optional(),
});

export const rosterLogRequestSchema = z.object({
  page,
  per_page: perPage,
  level: z.enum(['error', 'warning', 'info']).optional(),
  file: z.string().max(100).optional(),
});

export const rosterStatusUpdateSchema = z.object({ status: z.enum(ROSTER_STATUS_ACTIONS) }).strict();

export const rosterReviewRequestSchema = z.object({
  scope: z.object({ queue_id: id }),
  entity_type: z.enum(ROSTER_ENTITY_TYPES),
  action: z.enum(ROSTER_CHANGE_ACTIONS).optional(),
  search: z.string().trim().max(200).optional(),
  page,
  per_page: perPage,
});

export const rosterPossibleEntitiesRequestSchema = z.object({
  scope: z.object({ queueId: id }),
  search: z.string().trim().max(200).optional(),
  page,
  per_page: perPage,
});

export const rosterFailedImportsRequestSchema = z.object({
  scope: rosterAccountScopeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

/** POST direct custom users create: staff users added to a district outside an import (minimal; docs/rostering.md). */
export const rosterCustomUsersCreateSchema = z.object({
  scope: z.object({ account_id: id }),
  users: z
    .array(
      z
        .object({
          sourced_id: z.string().trim().min(1).max(255),
          first_name: z.string().trim().min(1).max(255),
          last_name: z.string().trim().min(1).max(255),
          email: z.string().trim().email().max(255).optional(),
          username: z.string().trim().min(1).max(255).optional(),
          role: z.enum(['teacher', 'student', 'administrator']),
          org_sourced_ids: z.array(z.string().min(1)).max(50).default([]),
        })
        .strict(),
    )
    .min(1)
    .max(1000),
});

/**
 * GET roster additional fields: the OneRoster fields an import reads beyond names and roles (002 section 3, roster
 * labels), with where Aula keeps them (null: read and checked, not stored).
 */
export const ROSTER_ADDITIONAL_FIELDS = [
  { key: 'sourcedId', stored_as: 'sourced_id' },
  { key: 'parentSourcedId', stored_as: null },
  { key: 'org', stored_as: 'organization' },
  { key: 'course', stored_as: 'course' },
  { key: 'class', stored_as: 'class' },
  { key: 'term', stored_as: 'academic_session' },
  { key: 'period', stored_as: 'periods' },
  { key: 'grade', stored_as: 'grades' },
  { key: 'subject', stored_as: 'subject' },
  { key: 'classCode', stored_as: null },
  { key: 'classType', stored_as: null },
  { key: 'location', stored_as: null },
  { key: 'birthdate', stored_as: null },
  { key: 'sex', stored_as: null },
  { key: 'username', stored_as: 'username' },
  { key: 'enabled', stored_as: 'disabled' },
  { key: 'role', stored_as: 'role' },
  { key: 'primary', stored_as: 'is_primary' },
  { key: 'agentSourcedIds', stored_as: null },
] as const;
