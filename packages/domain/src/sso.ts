import { z } from 'zod';
import { SIGN_IN_BUTTON_PROVIDERS, type SignInButtonProvider } from './auth.ts';
import { parseHttpUrl } from './media-urls.ts';

// SSO provider settings (issue 17 item 6): a district's Clever, ClassLink or Google connection, or a domain's Google
// one. Wire names snake_case. The secret is write-only: answers carry has_secret. docs/sso-settings.md.

export const SSO_PROVIDERS = SIGN_IN_BUTTON_PROVIDERS;
export type SsoProvider = SignInButtonProvider;
/** A domain-wide connection serves Google only (sso_configs_domain_google_check). */
export const DOMAIN_SSO_PROVIDERS = ['google'] as const satisfies readonly SsoProvider[];

/** The issuer a provider documents, offered in the form (Aula discovers it; a district may type another). */
export const DEFAULT_SSO_ISSUERS: Record<SsoProvider, string> = {
  classlink: 'https://launchpad.classlink.com',
  clever: 'https://clever.com',
  google: 'https://accounts.google.com',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An OpenID issuer: https with a host, no credentials, query or fragment (the issuer is compared as a string with
 * the one discovery answers). Plain http only on a loopback host, for a provider run next to Aula (tests).
 */
export function isIssuerUrl(value: string): boolean {
  const url = parseHttpUrl(value);
  if (!url || /[?#\s]/.test(value.trim())) return false;
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}

/** A DNS name such as schools.example.org (Google's `hd` claim), compared lower-case. */
export function isHostedDomain(value: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value);
}

const text = (max: number) =>
  z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(max, 'validation.maxLength');

export const ssoProviderSchema = z.enum(SSO_PROVIDERS, { error: 'validation.select' });

/**
 * PUT create or update of one provider's connection (the provider is in the path). The secret may be left out on an
 * update to keep the stored one; ssoConfigProblems adds the rules that depend on the provider.
 */
export const ssoConfigSaveSchema = z.object({
  issuer: text(2048).refine(isIssuerUrl, 'validation.valid'),
  client_id: text(255),
  client_secret: z
    .string({ error: 'validation.enter' })
    .min(1, 'validation.enter')
    .max(4096, 'validation.maxLength')
    .optional(),
  tenant: z.string().trim().max(255, 'validation.maxLength').nullish(),
  hosted_domains: z
    .array(z.string({ error: 'validation.valid' }).trim().toLowerCase().refine(isHostedDomain, 'validation.valid'))
    .max(50, 'validation.valid')
    .optional(),
  is_active: z.boolean().optional(),
});
export type SsoConfigSaveInput = z.infer<typeof ssoConfigSaveSchema>;

/** Test connection: the stored connection, or the form's unsaved values over it (no secret = the stored one). */
export const ssoConfigTestSchema = ssoConfigSaveSchema.partial().prefault({});
export type SsoConfigTestInput = z.infer<typeof ssoConfigTestSchema>;

export interface SsoConfigProblem {
  field: 'tenant' | 'hosted_domains';
  key: 'validation.enter' | 'validation.valid';
}

/** The provider-dependent rules: ClassLink needs its tenant; hosted domains restrict Google only. */
export function ssoConfigProblems(
  provider: SsoProvider,
  input: Pick<SsoConfigSaveInput, 'tenant' | 'hosted_domains'>,
): SsoConfigProblem[] {
  const problems: SsoConfigProblem[] = [];
  if (provider === 'classlink' && !input.tenant?.trim()) problems.push({ field: 'tenant', key: 'validation.enter' });
  if (provider !== 'google' && (input.hosted_domains?.length ?? 0) > 0)
    problems.push({ field: 'hosted_domains', key: 'validation.valid' });
  return problems;
}

/** What the API answers for a connection: never the secret, only whether one is stored. */
export interface SsoConfigDto {
  id: number;
  account_id: number | null;
  domain_id: number | null;
  provider: SsoProvider;
  issuer: string;
  client_id: string;
  has_secret: boolean;
  tenant: string | null;
  hosted_domains: string[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** How far a connection test got: discovery of the issuer, then the client id and secret at the token endpoint. */
export const SSO_CLIENT_CHECKS = ['accepted', 'refused', 'not_checked'] as const;
export type SsoClientCheck = (typeof SSO_CLIENT_CHECKS)[number];

export interface SsoConnectionTestResult {
  ok: boolean;
  /** the failure in the caller's language when not ok */
  message: string | null;
  /** the issuer's discovery document was read and names this issuer */
  discovered: boolean;
  client: SsoClientCheck;
  authorization_endpoint: string | null;
}
