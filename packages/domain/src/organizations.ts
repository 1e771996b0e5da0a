import { z } from 'zod';
import { can, type Action, type Policy } from './permissions.ts';

// Organizations (schools; 001 section 3): create and update bodies, the organization summary (002 section 3) and who
// may create or edit a school. Messages are i18n keys (001 section 5 generic messages). Snake_case on the wire.

export const ORGANIZATION_NAME_MIN = 2;
export const ORGANIZATION_NAME_MAX = 255;
export const ORGANIZATION_TEXT_MAX = 255;
export const NCES_ID_MAX = 32;
export const PHONE_MAX = 32;

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);

/** An optional text field: blank is "not set" (null). */
const optionalText = (max: number) =>
  z
    .string({ error: 'validation.valid' })
    .trim()
    .max(max, 'validation.maxLength')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const coordinate = (limit: number) =>
  z
    .number({ error: 'validation.valid' })
    .min(-limit, 'validation.valid')
    .max(limit, 'validation.valid')
    .nullable()
    .optional();

export const organizationNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .pipe(
    z.string().min(ORGANIZATION_NAME_MIN, 'validation.minLength').max(ORGANIZATION_NAME_MAX, 'validation.maxLength'),
  );

const PHONE_PATTERN = /^[0-9+()\-. ]{3,32}$/;
const WEBSITE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export const organizationFieldsSchema = z.object({
  name: organizationNameSchema,
  nces_id: optionalText(NCES_ID_MAX),
  address1: optionalText(ORGANIZATION_TEXT_MAX),
  address2: optionalText(ORGANIZATION_TEXT_MAX),
  city: optionalText(ORGANIZATION_TEXT_MAX),
  state: optionalText(ORGANIZATION_TEXT_MAX),
  country: optionalText(ORGANIZATION_TEXT_MAX),
  latitude: coordinate(90),
  longitude: coordinate(180),
  phone: optionalText(PHONE_MAX).refine((v) => v == null || PHONE_PATTERN.test(v), 'validation.valid'),
  website: optionalText(ORGANIZATION_TEXT_MAX).refine((v) => v == null || WEBSITE_PATTERN.test(v), 'validation.valid'),
});

/**
 * POST /dashboard/organizations: a school in an account. Provider and domain staff name the account; a district
 * administrator's school goes in their own account (account_id may be left out or must be theirs). The source of a
 * school made here is always 'manual'.
 */
export const organizationCreateSchema = organizationFieldsSchema.extend({ account_id: idSchema.optional() });
export type OrganizationCreateInput = z.infer<typeof organizationCreateSchema>;

/** PUT /dashboard/organizations/:id: the same fields; a school does not move between accounts. */
export const organizationUpdateSchema = organizationFieldsSchema;
export type OrganizationUpdateInput = z.infer<typeof organizationUpdateSchema>;

/** POST /dashboard/summaries/organization. */
export const organizationSummaryRequestSchema = z.object({ organization_id: idSchema });

/** The staff assignment statuses the organization summary counts (the phases of assignments.ts, in this order). */
export const ORGANIZATION_ASSIGNMENT_STATUSES = ['upcoming', 'current', 'past_due'] as const;
export type OrganizationAssignmentStatus = (typeof ORGANIZATION_ASSIGNMENT_STATUSES)[number];

/** 002 section 3, organization summary: assignment totals with status and count, and classes. */
export interface OrganizationSummary {
  organization_id: number;
  assignments: { status: OrganizationAssignmentStatus; count: number }[];
  assignments_total: number;
  classes: number;
}

/**
 * Who may create or edit a school. The spec's bundles give district (and domain) administrators only view on
 * 'organization', yet a district runs its own schools (issue 15: the district administrator creates a school), and
 * a school is part of its account: so creating or updating one needs that action on 'organization'
 * (organization-management, the super administrator) or update on the account it belongs to (the district and
 * domain administrators' full account access). Tenancy (which account) is the API's check.
 */
export function canManageOrganizations(
  policy: Policy | null | undefined,
  action: Extract<Action, 'create' | 'update'>,
) {
  if (!policy) return false;
  return can(policy, 'organization', ['view', action]) || can(policy, 'account', ['view', 'update']);
}
