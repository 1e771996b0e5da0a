import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.ts';
import { ROLE_LABELS, ROLES, STAFF_ROLES } from './roles.ts';

// Account type enum (001 section 3): 1 School, 2 District, 3 Charter, 4 Homeschool.
export const ACCOUNT_TYPES = { School: 1, District: 2, Charter: 3, Homeschool: 4 } as const;
export const ACCOUNT_TYPE_VALUES = [1, 2, 3, 4] as const;
export const accountTypeSchema = z.union(
  ACCOUNT_TYPE_VALUES.map((v) => z.literal(v)),
  { error: 'validation.select' },
);

export const ACCOUNT_NAME_MIN = 2;
export const ACCOUNT_NAME_MAX = 255;

// Account settings kinds and their value shapes (001 section 3). rostering and sso values are not shown in the
// spec; ours: rostering { enabled, method } and sso { enabled, providers }.
export const ACCOUNT_SETTING_KINDS = ['rostering', 'sso', 'ai', 'immersive_reader', 'lab_groups'] as const;
export type AccountSettingKind = (typeof ACCOUNT_SETTING_KINDS)[number];
export const ROSTERING_METHODS = ['manual', 'oneroster', 'clever', 'classlink', 'google'] as const;
export const accountSettingValueSchemas = {
  // sanity_share: the share of users, classes or enrollments an import may disable before it asks (issue 16 item 5)
  rostering: z
    .object({
      enabled: z.boolean(),
      method: z.enum(ROSTERING_METHODS),
      sanity_share: z.number().min(0).max(1).optional(),
    })
    .strict(),
  sso: z
    .object({ enabled: z.boolean(), providers: z.array(z.enum(['classlink', 'clever', 'google', 'lti'])) })
    .strict(),
  ai: z
    .object({
      enabled: z.boolean(),
      automatic_scoring_assignment: z.boolean(),
      automatic_scoring_assessment: z.boolean(),
      automatic_scoring_pas: z.boolean(),
    })
    .strict(),
  immersive_reader: z.object({ enabled: z.boolean() }).strict(),
  lab_groups: z.object({ enabled: z.boolean() }).strict(),
} as const satisfies Record<AccountSettingKind, z.ZodType>;

export type AccountSettingValue<K extends AccountSettingKind> = z.infer<(typeof accountSettingValueSchemas)[K]>;

export const DEFAULT_ACCOUNT_SETTINGS: { [K in AccountSettingKind]: AccountSettingValue<K> } = {
  rostering: { enabled: false, method: 'manual' },
  sso: { enabled: false, providers: [] },
  ai: {
    enabled: false,
    automatic_scoring_assignment: false,
    automatic_scoring_assessment: false,
    automatic_scoring_pas: false,
  },
  immersive_reader: { enabled: false },
  lab_groups: { enabled: false },
};

export const accountSettingSchema = z.discriminatedUnion('setting', [
  z.object({ setting: z.literal('rostering'), value: accountSettingValueSchemas.rostering }),
  z.object({ setting: z.literal('sso'), value: accountSettingValueSchemas.sso }),
  z.object({ setting: z.literal('ai'), value: accountSettingValueSchemas.ai }),
  z.object({ setting: z.literal('immersive_reader'), value: accountSettingValueSchemas.immersive_reader }),
  z.object({ setting: z.literal('lab_groups'), value: accountSettingValueSchemas.lab_groups }),
]);
export type AccountSetting = z.infer<typeof accountSettingSchema>;

/** The 'technology' toggles (POST toggle technology setting, body field + value): one enabled flag each. */
export const TECHNOLOGY_FIELDS = ['rostering', 'sso', 'ai', 'immersive_reader', 'lab_groups'] as const;

export const accountInputSchema = z.object({
  name: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .min(ACCOUNT_NAME_MIN, 'validation.minLength')
    .max(ACCOUNT_NAME_MAX, 'validation.maxLength'),
  district_id: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .max(64, 'validation.maxLength'),
  zip_code: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .regex(/^[A-Za-z0-9 -]{3,10}$/, 'validation.valid'),
  type: accountTypeSchema,
  domain_id: z.number().int().positive().optional(),
});

// Route ids are 1 to 9 digits (001 section 2).
export const idParamSchema = z.coerce.number({ error: 'validation.valid' }).int().min(1).max(999_999_999);

export const organizationFields = [
  'name',
  'nces_id',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'latitude',
  'longitude',
  'phone',
  'website',
  'source',
] as const;

export const USER_TASK_TYPES = [
  'generate-progress-report',
  'account-merge',
  'account-delete-data',
  'create-user-activity-report',
] as const;
export type UserTaskType = (typeof USER_TASK_TYPES)[number];
export const USER_TASK_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export type UserTaskStatus = (typeof USER_TASK_STATUSES)[number];

export const paginationSchema = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(300).default(10),
});

// ---- Tenancy API payloads (domains, accounts, organizations, users, roles). Snake_case on the wire. ----

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const searchSchema = z.string().trim().max(255, 'validation.maxLength').optional();
const personNameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(100, 'validation.maxLength');

// List calls take a filter body; an absent body (prefault) means the first page with no filters.

export const domainListSchema = paginationSchema.extend({ search: searchSchema }).prefault({});
export const domainInputSchema = z.object({
  name: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(255, 'validation.maxLength'),
});

export const accountListSchema = paginationSchema
  .extend({
    search: searchSchema,
    type: accountTypeSchema.optional(),
    domain_id: idSchema.optional(),
  })
  .prefault({});
/** PUT /dashboard/accounts/:id: the create body without id; an account does not move between domains here. */
export const accountUpdateSchema = accountInputSchema.omit({ domain_id: true });
export const checkDistrictIdSchema = z.object({
  districtId: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(64, 'validation.maxLength'),
  // the account being edited, whose own Account ID does not count as taken
  id: idSchema.optional(),
});
/** POST /dashboard/accounts/:id/settings: a batch, saved all or nothing. */
export const accountSettingsBatchSchema = z.object({
  settings: z.array(accountSettingSchema).min(1, 'validation.enter'),
});
export const toggleTechnologySettingSchema = z.object({
  field: z.enum(TECHNOLOGY_FIELDS, { error: 'validation.select' }),
  value: z.boolean({ error: 'validation.select' }),
});
export const accountDeleteSchema = z.object({ force: z.boolean().default(false) }).prefault({});
/** POST /dashboard/accounts/technology-settings: the technology flags of a page of accounts, read in one call. */
export const technologySettingsReadSchema = z.object({
  account_ids: z.array(idSchema, { error: 'validation.select' }).min(1, 'validation.select').max(300),
});

export const organizationListSchema = paginationSchema
  .extend({
    search: searchSchema,
    account_id: idSchema.optional(),
    // the '*/organizations' lists: a class's school, the schools of a teacher, admin or student (their memberships
    // and, for a student, their classes' schools), a group's school and its classes' schools
    class_id: idSchema.optional(),
    user_id: idSchema.optional(),
    group_id: idSchema.optional(),
  })
  .prefault({});

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'validation.select' });
const organizationIdsSchema = z.array(idSchema).max(1000);

export const userSearchSchema = paginationSchema
  .extend({
    search: searchSchema,
    role: z.enum(ROLES, { error: 'validation.select' }).optional(),
    // any of these roles (the admins list asks for district and school administrators)
    roles: z
      .array(z.enum(ROLES, { error: 'validation.select' }))
      .max(ROLES.length)
      .optional(),
    account_id: idSchema.optional(),
    organization_id: idSchema.optional(),
    // staff of any of these schools (the admins of a class's, teacher's, student's or group's schools)
    organization_ids: z.array(idSchema).max(300).optional(),
    // teachers of a class, of a student's classes, of a group (the '*/teachers' lists)
    class_id: idSchema.optional(),
    student_id: idSchema.optional(),
    group_id: idSchema.optional(),
    include_deleted: z.boolean().optional(),
    // the provider's staff: users placed in no account (the /staff list; provider and domain callers only)
    no_account: z.boolean().optional(),
    // with each user's schools (and a teacher's classes)
    withRelations: z.boolean().optional(),
  })
  .prefault({});

const passwordPair = {
  password: passwordSchema,
  password_confirmation: z.string({ error: 'validation.repeat' }).min(1, 'validation.repeat'),
};
const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: 'validation.passwordsMismatch' };
const customNeedsRoleId = (v: { role: string; role_id?: number | undefined }) =>
  v.role !== 'custom' || v.role_id !== undefined;
const roleIdMissing = { path: ['role_id'], message: 'validation.select' };

/** POST /dashboard/users: staff and teachers (students have their own calls). */
export const userCreateSchema = z
  .object({
    role: staffRoleSchema,
    role_id: idSchema.optional(),
    domain_id: idSchema.optional(),
    account_id: idSchema.optional(),
    first_name: personNameSchema,
    last_name: personNameSchema,
    middle_name: z.string().trim().max(100, 'validation.maxLength').nullable().optional(),
    email: emailSchema,
    ...passwordPair,
    organization_ids: organizationIdsSchema.optional(),
  })
  .refine(passwordsMatch, mismatch)
  .refine(customNeedsRoleId, roleIdMissing);

export const userUpdateSchema = z.object({
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  middle_name: z.string().trim().max(100, 'validation.maxLength').nullable().optional(),
  email: emailSchema.optional(),
  organization_ids: organizationIdsSchema.optional(),
  disabled: z.boolean().optional(),
});

export const userSetPasswordSchema = z.object(passwordPair).refine(passwordsMatch, mismatch);

/** POST /dashboard/users/:id/organizations: the schools of a user's account they belong to. */
export const userOrganizationsSchema = z.object({
  organization_ids: z.array(idSchema, { error: 'validation.select' }).max(1000),
});

/** PATCH /dashboard/users/:id/role: 'a user's role can be set with organization ids' (001 section 6). */
export const userSetRoleSchema = z
  .object({ role: staffRoleSchema, role_id: idSchema.optional(), organization_ids: organizationIdsSchema.optional() })
  .refine(customNeedsRoleId, roleIdMissing);

export const roleListSchema = paginationSchema.extend({ search: searchSchema }).prefault({});
/** Custom roles. Permission names are checked against PERMISSIONS by the API, which names any unknown one. */
export const roleInputSchema = z.object({
  name: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(255, 'validation.maxLength'),
  description: z.string().trim().max(1000, 'validation.maxLength').nullable().optional(),
  label: z.enum(ROLE_LABELS, { error: 'validation.select' }),
  permissions: z
    .array(z.string().trim().min(1).max(100), { error: 'validation.select' })
    .min(1, 'validation.select')
    .max(100),
  domain_id: idSchema.optional(),
  account_id: idSchema.optional(),
});
