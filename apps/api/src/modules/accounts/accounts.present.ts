import type { AccountRow } from './accounts.repo';

export function presentAccount(a: AccountRow) {
  return {
    id: a.id,
    domain_id: a.domainId,
    name: a.name,
    district_id: a.districtId,
    zip_code: a.zipCode,
    type: a.type,
    is_demo: a.isDemo,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
