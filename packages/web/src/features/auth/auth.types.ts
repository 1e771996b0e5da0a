import type { ContextRule, ResourceGrants } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import type { OauthProviderCode, SignInButtonProvider } from '@aula/domain/auth';

// Wire shapes of the auth calls (001 sections 3 and 7); snake_case as the API sends them.

export interface SignInRequest {
  login: string;
  password: string;
  rememberMe?: boolean;
}

export interface SignInResult {
  token: string;
  expires_at: string;
}

export interface SessionUser {
  id: number;
  email: string | null;
  username?: string | null;
  account_id: number | null;
  domain_id?: number | null;
  /** no domain: the user works across domains (001 section 3) */
  multi_domain?: boolean;
  role: Role;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
}

export interface UserSetting {
  setting: string;
  value: unknown;
}

export interface MyInfo {
  user: SessionUser;
  settings: UserSetting[];
  actions: string[];
  permissions: string[];
  broadcasts: unknown[];
  classes: { id: number; title: string; custom_title?: string | null; periods?: string | null }[];
  organizations: { id: number }[];
  oauthConnections: unknown[];
  /** The user's merged permission rules, computed by the API with @aula/domain's buildPolicy. */
  policies: { resources: ResourceGrants; rules: { context: ContextRule[] } };
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
  password_confirmation: string;
}

export interface ChangePasswordRequest {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export interface UpdateMySettingsRequest {
  first_name?: string;
  middle_name?: string | null;
  last_name?: string;
}

/** GET /{app}/auth/sign-in-providers: a provider the sign-in page offers (1 ClassLink, 2 Clever, 4 Google). */
export interface SignInProvider {
  code: OauthProviderCode;
  provider: SignInButtonProvider;
}

/** GET /{app}/auth/get-oauth-connections */
export interface OauthConnection {
  id: number;
  login_type: 1 | 2 | 3 | 4;
  provider: 'classlink' | 'clever' | 'lti' | 'google' | 'unknown';
  email: string | null;
  created_at: string;
}
