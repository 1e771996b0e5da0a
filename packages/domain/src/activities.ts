import { z } from 'zod';
import { activityKindSchema } from './activity-content.ts';
import { can, type Policy } from './permissions.ts';
import { paginationSchema } from './tenancy.ts';

// The activity catalogue's payloads (issue 4 items 1 and 2), shared by the API and the dashboard. Snake_case on the
// wire (001 section 7).

export const ACTIVITY_STATUSES = ['draft', 'published'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const activityStatusSchema = z.enum(ACTIVITY_STATUSES, { error: 'validation.select' });

export const ACTIVITY_TITLE_MAX = 255;
export const ACTIVITY_DESCRIPTION_MAX = 5000;
export const TAG_NAME_MAX = 100;
/** Tags, standards and products one activity may carry (a guard against runaway payloads, not a product rule). */
export const ACTIVITY_LABELS_MAX = 100;

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const idListSchema = z.array(idSchema, { error: 'validation.select' }).max(ACTIVITY_LABELS_MAX, 'validation.select');

export const tagNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(TAG_NAME_MAX, 'validation.maxLength');

const titleSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(ACTIVITY_TITLE_MAX, 'validation.maxLength');
const descriptionSchema = z.string().trim().max(ACTIVITY_DESCRIPTION_MAX, 'validation.maxLength').nullable();

/** POST /dashboard/activities. domain_id and account_id place it (as for roles); tags attach by name. */
export const activityCreateSchema = z.object({
  title: titleSchema,
  kind: activityKindSchema,
  description: descriptionSchema.optional(),
  domain_id: idSchema.optional(),
  account_id: idSchema.optional(),
  tags: z.array(tagNameSchema, { error: 'validation.enter' }).max(ACTIVITY_LABELS_MAX, 'validation.select').optional(),
  standard_ids: idListSchema.optional(),
  product_ids: idListSchema.optional(),
  folder_id: idSchema.optional(),
});
export type ActivityCreateInput = z.infer<typeof activityCreateSchema>;

/**
 * PUT /dashboard/activities/:id: the create body, every field optional. A list that is sent replaces the activity's
 * list; one that is left out is kept. An activity does not move between domains or accounts here.
 */
export const activityUpdateSchema = activityCreateSchema.omit({ domain_id: true, account_id: true }).partial();
export type ActivityUpdateInput = z.infer<typeof activityUpdateSchema>;

export const ACTIVITY_SORTS = ['title', '-title', 'created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

/** The filter body of every activity list call (list, ab-list, rb-list, search, archive, view-only lists). */
export const activityListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    kind: activityKindSchema.optional(),
    status: activityStatusSchema.optional(),
    folder_id: idSchema.optional(),
    tag: tagNameSchema.optional(),
    favorite: z.boolean({ error: 'validation.select' }).optional(),
    standard_id: idSchema.optional(),
    product_id: idSchema.optional(),
    sort: z.enum(ACTIVITY_SORTS, { error: 'validation.select' }).default('-updated_at'),
  })
  .prefault({});
export type ActivityListFilter = z.infer<typeof activityListSchema>;

/** POST /dashboard/tags: new tags of the caller's domain ('Sorry, tag {keyword} already exists!'). */
export const tagsCreateSchema = z.object({
  tags: z.array(tagNameSchema, { error: 'validation.enter' }).min(1, 'validation.enter').max(ACTIVITY_LABELS_MAX),
  domain_id: idSchema.optional(),
});

/**
 * Drafts are the builder's: a caller who may view the activity builder sees them; everyone else (teachers, account
 * admins) sees published activities only.
 */
export function canSeeDraftActivities(policy: Policy): boolean {
  return can(policy, 'activity-builder', 'view');
}

/** Tags are compared without case ('Energy' and 'energy' are one tag); the first spelling is kept. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) {
    const name = n.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}
