import type { OrganizationRow } from './organizations.repo';

/** 001 section 3, Organization. */
export function presentOrganization(o: OrganizationRow) {
  return {
    id: o.id,
    account_id: o.accountId,
    name: o.name,
    nces_id: o.ncesId,
    address1: o.address1,
    address2: o.address2,
    city: o.city,
    state: o.state,
    country: o.country,
    latitude: o.latitude,
    longitude: o.longitude,
    phone: o.phone,
    website: o.website,
    source: o.source,
  };
}
