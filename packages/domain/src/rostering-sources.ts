import { z } from 'zod';

// Roster sources: a district's OneRoster REST server (002 sections 3 and 7; issue 16 item 9). Wire names are the
// spec's snake_case. One source per account (docs/rostering-sources.md), so every call names the account.

/** oauth2: client credentials bearer token; oauth1: every request signed with OAuth 1.0a HMAC-SHA256 (ClassLink). */
export const ROSTER_AUTHORIZATION_TYPES = ['oauth2', 'oauth1'] as const;
export type RosterAuthorizationType = (typeof ROSTER_AUTHORIZATION_TYPES)[number];

export const ROSTER_SSO_PROVIDERS = ['clever', 'classlink', 'google'] as const;
export type RosterSsoProvider = (typeof ROSTER_SSO_PROVIDERS)[number];

/** Nightly at 02:00 UTC unless the district picks another time. */
export const DEFAULT_ROSTER_SCHEDULE = '0 2 * * *';

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);

/** http(s) only, with a host; no credentials in the URL (they would be stored and shown in clear). */
export function isRosterUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

const urlSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(2048, 'validation.maxLength')
  .refine(isRosterUrl, 'validation.valid');

/** Five cron fields of digits, '*', ',', '-' and '/'; the API parses it for real (cron-parser) before saving. */
const cronSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .regex(/^[\d*,/-]+( [\d*,/-]+){4}$/, 'validation.valid');

const text = (max: number) =>
  z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(max, 'validation.maxLength');

export const rosterSourceScopeSchema = z
  .object({ scope: z.object({ account_id: idSchema.optional() }).strict().prefault({}) })
  .prefault({});

/** PUT create or update: the secret may be left out on update to keep the stored one. */
export const rosterSourceSaveSchema = z.object({
  account_id: idSchema.optional(),
  endpoint_url: urlSchema,
  token_url: urlSchema.nullish(),
  tenant: z.string().trim().max(255, 'validation.maxLength').nullish(),
  client_id: text(255),
  client_secret: z
    .string({ error: 'validation.enter' })
    .min(1, 'validation.enter')
    .max(4096, 'validation.maxLength')
    .optional(),
  /** left out: the stored one, else oauth1 for a ClassLink source and oauth2 for any other */
  authorization_type: z.enum(ROSTER_AUTHORIZATION_TYPES, { error: 'validation.select' }).optional(),
  sso_provider: z.enum(ROSTER_SSO_PROVIDERS, { error: 'validation.select' }).nullish(),
  is_active: z.boolean().optional(),
  allow_automatic: z.boolean().optional(),
  schedule: cronSchema.optional(),
});
export type RosterSourceSaveInput = z.infer<typeof rosterSourceSaveSchema>;

export const rosterSourceAccountSchema = z.object({ account_id: idSchema.optional() }).prefault({});

/** Allowed automatic imports: list them in scope; with account_id and allow_automatic, also set one. */
export const rosterSourceAutomaticSchema = z
  .object({
    scope: z.object({ account_id: idSchema.optional() }).strict().prefault({}),
    account_id: idSchema.optional(),
    allow_automatic: z.boolean().optional(),
    schedule: cronSchema.optional(),
  })
  .prefault({});
export type RosterSourceAutomaticInput = z.infer<typeof rosterSourceAutomaticSchema>;

/** What the API returns for a source: never the secret, only whether one is stored. */
export interface RosterSourceDto {
  id: number;
  account_id: number;
  endpoint_url: string;
  token_url: string | null;
  tenant: string | null;
  client_id: string;
  has_secret: boolean;
  authorization_type: RosterAuthorizationType;
  sso_provider: RosterSsoProvider | null;
  is_active: boolean;
  allow_automatic: boolean;
  schedule: string;
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RosterSourceTestResult {
  ok: boolean;
  /** the error in the caller's language when not ok */
  message: string | null;
  /** X-Total-Count of orgs when the server sent it */
  orgs_total: number | null;
}

/** Test connection: the stored source, or the form's unsaved settings over it (a secret left out is the stored one). */
export const rosterSourceTestSchema = rosterSourceSaveSchema.partial().prefault({});
