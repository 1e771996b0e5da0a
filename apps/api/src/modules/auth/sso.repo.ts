import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The single sign-on providers some live district has turned on: the `sso` account setting (001 section 3 kinds;
 * ours `{ enabled, providers }`, @aula/domain/tenancy) with `enabled` true names them.
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
  `);
  return res.rows.map((r) => r.provider);
}
