import { OAUTH_PROVIDERS } from '@aula/domain/auth';
import type { getMyInfo } from './auth.service';

type MyInfo = Awaited<ReturnType<typeof getMyInfo>>;

export function presentOauthConnection(c: {
  id: number;
  provider: number;
  email: string | null;
  created_at: Date | string;
}) {
  return {
    id: c.id,
    login_type: c.provider,
    provider: OAUTH_PROVIDERS[c.provider as keyof typeof OAUTH_PROVIDERS] ?? 'unknown',
    email: c.email,
    created_at: new Date(c.created_at).toISOString(),
  };
}

/** GET /dashboard/my and /student/my (001 section 3, auth user info). */
export function presentMyInfo(info: MyInfo) {
  const { user, permissions, policy, organizationIds, multiDomain } = info.auth;
  return {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      account_id: user.accountId,
      domain_id: user.domainId,
      role: user.role,
      role_id: user.roleId,
      first_name: user.firstName,
      middle_name: user.middleName,
      last_name: user.lastName,
      organization_ids: organizationIds,
      multi_domain: multiDomain,
    },
    settings: info.settings,
    actions: info.actions,
    permissions,
    policies: {
      resources: policy.resources,
      rules: {
        context: [
          { name: 'account', allow: policy.context.account },
          { name: 'organization', allow: policy.context.organization },
        ],
      },
    },
    broadcasts: info.broadcasts.map((b) => ({
      id: b.id,
      message: b.message,
      level: b.level,
      starts_at: new Date(b.starts_at).toISOString(),
      ends_at: b.ends_at ? new Date(b.ends_at).toISOString() : null,
    })),
    classes: info.classes,
    organizations: info.organizations,
    oauthConnections: info.oauth.map(presentOauthConnection),
  };
}
