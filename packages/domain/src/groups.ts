import { z } from 'zod';
import { classFilterSchema } from './classes.ts';
import { paginationSchema } from './tenancy.ts';

// Groups (001 sections 3, 4 and 7; 002 section 5): a named set of learners and teachers, related to classes, with a
// learner type. Soft-deleted; a deleted group is restored through edit and cannot be deleted again. Groups without
// students are flagged empty.

export const GROUP_NAME_MAX = 100;
/** Learners, teachers and classes one group may hold (a guard against runaway payloads, not a product rule). */
export const GROUP_MEMBERS_MAX = 1000;
export const GROUP_CLASSES_MAX = 100;

/** Who a group's learners are. The spec names students only; the column is text so later kinds fit. */
export const LEARNER_TYPES = ['student'] as const;
export type LearnerType = (typeof LEARNER_TYPES)[number];

/** Which groups a list shows: live ones (default), deleted ones (to restore them), or both. */
export const GROUP_STATUSES = ['active', 'deleted', 'all'] as const;
export type GroupStatusFilter = (typeof GROUP_STATUSES)[number];

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const idList = (max: number) =>
  z
    .array(idSchema, { error: 'validation.select' })
    .max(max, 'validation.select')
    .transform((ids) => [...new Set(ids)]);

const nameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(GROUP_NAME_MAX, 'validation.maxLength');

/**
 * POST /dashboard/groups: name, learners (student_ids), teachers (teacher_ids), relations to classes (class_ids) and
 * learner type. organization_id and account_id place it when the caller may choose (else they follow the classes or
 * the caller). A group may start empty; it is then flagged.
 */
export const groupCreateSchema = z.object({
  name: nameSchema,
  learner_type: z.enum(LEARNER_TYPES, { error: 'validation.select' }).default('student'),
  student_ids: idList(GROUP_MEMBERS_MAX).default([]),
  teacher_ids: idList(GROUP_MEMBERS_MAX).default([]),
  class_ids: idList(GROUP_CLASSES_MAX).default([]),
  organization_id: idSchema.nullable().optional(),
  account_id: idSchema.optional(),
});
export type GroupCreateInput = z.infer<typeof groupCreateSchema>;

/** PUT /dashboard/groups/:id: any of the create fields; a list that is sent replaces the group's list. */
export const groupUpdateSchema = z.object({
  name: nameSchema.optional(),
  learner_type: z.enum(LEARNER_TYPES, { error: 'validation.select' }).optional(),
  student_ids: idList(GROUP_MEMBERS_MAX).optional(),
  teacher_ids: idList(GROUP_MEMBERS_MAX).optional(),
  class_ids: idList(GROUP_CLASSES_MAX).optional(),
});
export type GroupUpdateInput = z.infer<typeof groupUpdateSchema>;

/**
 * POST /dashboard/groups/list and /my, and the lists under a class, teacher, organization, student or account: the
 * filter body. class_id 0 is 'All Classes'; empty true lists only the groups without students.
 */
export const groupListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    class_id: classFilterSchema.optional(),
    teacher_id: idSchema.optional(),
    student_id: idSchema.optional(),
    organization_id: idSchema.optional(),
    // any of these schools (the groups under an admin: the admin's schools)
    organization_ids: z.array(idSchema).max(300).optional(),
    account_id: idSchema.optional(),
    status: z.enum(GROUP_STATUSES, { error: 'validation.select' }).default('active'),
    empty: z.boolean({ error: 'validation.select' }).optional(),
  })
  .prefault({});
export type GroupListFilter = z.infer<typeof groupListSchema>;

/**
 * POST /dashboard/groups/relations: what the caller may put in a group: their classes and, for the classes asked for
 * (or all of theirs), those classes' students and teachers.
 */
export const groupRelationsSchema = z
  .object({
    class_ids: idList(GROUP_CLASSES_MAX).optional(),
    organization_id: idSchema.optional(),
    account_id: idSchema.optional(),
  })
  .prefault({});
export type GroupRelationsInput = z.infer<typeof groupRelationsSchema>;

/** 002 section 5: groups without students are flagged empty. */
export function isGroupEmpty(group: { students_count: number }): boolean {
  return group.students_count === 0;
}

/** 001 section 4: a deleted group cannot be deleted again; it is reactivated through edit. */
export function canDeleteGroup(group: { deleted: boolean }): boolean {
  return !group.deleted;
}

export function canRestoreGroup(group: { deleted: boolean }): boolean {
  return group.deleted;
}
