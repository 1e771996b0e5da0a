import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The single sign-on providers some live district offers: its `sso` account setting (001 section 3 kinds; ours
 * `{ enabled, providers }`, @aula/domain/tenancy) with `enabled` true names them, and a connection to the provider
 * is set up and active for it (its own `sso_configs` row or, for Google, its domain's). A provider switched on
 * without a connection, or whose connection is off, gets no button: signing in with it could only fail.
 */
export async function listEnabledSsoProviders(db: DbOrTx): Promise<string[]> {
  const res = await db.execute<{ provider: string }>(sql`
    select distinct p.provider
    from account_settings s
    join accounts a on a.id = s.account_id and a.deleted_at is null
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(s.value -> 'providers') = 'array' then s.value -> 'providers' else '[]'::jsonb end
    ) as p(provider)
    where s.setting = 'sso' and s.value ->> 'enabled' = 'true'
      and exists (
        select 1 from sso_configs c
        where c.provider = p.provider and c.is_active
          and (c.account_id = a.id or (c.account_id is null and c.domain_id = a.domain_id))
      )
  `);
  return res.rows.map((r) => r.provider);
}
