import { z } from 'zod';

// LTI 1.3 tool (issue 18 items 1-2; 001 section 2 /lti-* routes, 002 sections 3 and 7). Aula's signing keys, the
// platforms (LMSs) that launch Aula, and their deployments, each deployment tied to one district (account).
// Wire names are snake_case. docs/lti.md explains the key rotation timing.

/** A new key is published this long before it may sign, so platforms that cache Aula's JWKS have seen it. */
export const LTI_KEY_PUBLISH_DELAY_SECONDS = 60 * 60;
/** The longest lifetime of any JWT Aula signs with these keys (deep-linking responses, client assertions). */
export const LTI_MAX_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** A retired key stays in the JWKS until every token it signed has expired, plus an hour of clock/cache slack. */
export const LTI_RETIRED_PUBLISH_SECONDS = LTI_MAX_TOKEN_LIFETIME_SECONDS + 60 * 60;
/** Cache-Control max-age of the public JWKS: far shorter than the publish delay. */
export const LTI_JWKS_MAX_AGE_SECONDS = 5 * 60;
export const LTI_KEY_ALG = 'RS256';

/**
 * standby: published, not signing, no date set (waits for a rotation); scheduled: published, signs from signs_from;
 * active: the signer; retired: replaced, still published until its tokens expire; expired: retired and no longer
 * published; deactivated: turned off by hand, not published.
 */
export const LTI_KEY_STATES = ['standby', 'scheduled', 'active', 'retired', 'expired', 'deactivated'] as const;
export type LtiKeyState = (typeof LTI_KEY_STATES)[number];

export interface LtiKeyTimes {
  signsFrom: Date | null;
  retiresAt: Date | null;
  deactivatedAt: Date | null;
}

/** The one rule for a key's state at `now`; the JWKS, the signer and the screens all use it. */
export function ltiKeyState(key: LtiKeyTimes, now: Date): LtiKeyState {
  if (key.deactivatedAt) return 'deactivated';
  if (key.retiresAt && key.retiresAt.getTime() <= now.getTime()) {
    const until = key.retiresAt.getTime() + LTI_RETIRED_PUBLISH_SECONDS * 1000;
    return now.getTime() < until ? 'retired' : 'expired';
  }
  if (!key.signsFrom) return 'standby';
  return key.signsFrom.getTime() <= now.getTime() ? 'active' : 'scheduled';
}

/** Whether the key's public half is in the JWKS. */
export function isLtiKeyPublished(state: LtiKeyState): boolean {
  return state !== 'expired' && state !== 'deactivated';
}

/** Until when a key stays published (null: no end set yet, or not published at all). */
export function ltiKeyPublishedUntil(key: LtiKeyTimes): Date | null {
  if (key.deactivatedAt || !key.retiresAt) return null;
  return new Date(key.retiresAt.getTime() + LTI_RETIRED_PUBLISH_SECONDS * 1000);
}

export interface LtiKeyDto {
  id: number;
  kid: string;
  alg: string;
  state: LtiKeyState;
  /** the public JWK as published (never any private member) */
  public_jwk: Record<string, unknown>;
  created_at: string;
  signs_from: string | null;
  retires_at: string | null;
  published_until: string | null;
  deactivated_at: string | null;
}

export const ltiRotateSchema = z
  .object({
    /** a standby key to rotate to; without it a fresh key is generated */
    key_id: z.number({ error: 'validation.select' }).int().min(1).max(999_999_999).optional(),
    /** sign with the new key now (emergency: a key was exposed); otherwise after the publish delay */
    immediate: z.boolean().optional(),
  })
  .strict()
  .prefault({});
export type LtiRotateInput = z.infer<typeof ltiRotateSchema>;

/** https with a host, no credentials (http only for this machine, for development and tests). */
export function isLtiUrl(value: string): boolean {
  return /^(https:\/\/[^\s/?#@:]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\]))(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

/** The LTI issuer is a case-sensitive https URL with no query or fragment (LTI 1.3 section 5.1.2). */
export function isLtiIssuer(value: string): boolean {
  return isLtiUrl(value) && !value.includes('?') && !value.includes('#');
}

const text = (max: number) =>
  z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(max, 'validation.maxLength');
const url = text(2048).refine(isLtiUrl, 'validation.valid');
const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);

export const ltiPlatformSaveSchema = z.object({
  name: text(255),
  issuer: text(2048).refine(isLtiIssuer, 'validation.valid'),
  client_id: text(255),
  key_set_url: url,
  access_token_url: url,
  oidc_auth_url: url,
});
export type LtiPlatformSaveInput = z.infer<typeof ltiPlatformSaveSchema>;

export interface LtiPlatformDto {
  id: number;
  name: string;
  issuer: string;
  client_id: string;
  key_set_url: string;
  access_token_url: string;
  oidc_auth_url: string;
  deployments_count: number;
  created_at: string;
  updated_at: string;
}

export const ltiDeploymentSaveSchema = z.object({
  platform_id: idSchema,
  /** the platform's id for the deployment (an opaque, case-sensitive string) */
  deployment_id: text(255),
  account_id: idSchema,
  name: z.string().trim().max(255, 'validation.maxLength').nullish(),
  /** deep linking from this deployment offers Aula's shared catalog, not only the district's own content */
  is_catalog: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
export type LtiDeploymentSaveInput = z.infer<typeof ltiDeploymentSaveSchema>;

export const ltiDeploymentListSchema = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    per_page: z.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(255).optional(),
    platform_id: idSchema.optional(),
    account_id: idSchema.optional(),
  })
  .prefault({});
export type LtiDeploymentListInput = z.infer<typeof ltiDeploymentListSchema>;

export interface LtiDeploymentDto {
  id: number;
  platform_id: number;
  platform_name: string;
  issuer: string;
  client_id: string;
  deployment_id: string;
  account_id: number;
  account_name: string;
  name: string | null;
  is_catalog: boolean;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface LtiCatalogItem {
  id: number;
  name: string;
}
