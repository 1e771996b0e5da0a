import type { Policy, Permission } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import type { SessionScope } from '@aula/domain/auth';
import { tenantLevelOf } from '@aula/domain/role-grants';

export interface AuthUser {
  id: number;
  role: Role;
  roleId: number | null;
  domainId: number | null;
  accountId: number | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  username: string | null;
  passwordIsEmail: boolean;
  language: number;
}

/** Who is calling, resolved once per request by plugins/auth.ts. */
export interface AuthContext {
  sessionId: number;
  scope: SessionScope;
  user: AuthUser;
  permissions: Permission[];
  policy: Policy;
  organizationIds: number[];
  multiDomain: boolean;
}

/**
 * The slice of the tenant tree a caller may see (DESIGN.md 4: domain > account > organization > class).
 * Repositories turn it into WHERE clauses.
 */
export type TenantScope =
  | { kind: 'global' }
  | { kind: 'domain'; domainId: number }
  | { kind: 'account'; domainId: number; accountId: number }
  | { kind: 'organization'; domainId: number; accountId: number; organizationIds: number[] };

export function tenantScopeOf(auth: AuthContext): TenantScope {
  const { user } = auth;
  const level = tenantLevelOf(user, auth.policy);
  if (level === 'global' || user.domainId === null) return { kind: 'global' };
  if (level === 'domain' || user.accountId === null) return { kind: 'domain', domainId: user.domainId };
  if (level === 'account') return { kind: 'account', domainId: user.domainId, accountId: user.accountId };
  return {
    kind: 'organization',
    domainId: user.domainId,
    accountId: user.accountId,
    organizationIds: auth.organizationIds,
  };
}
