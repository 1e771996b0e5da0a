import type { DomainRow } from './domains.repo';

export function presentDomain(d: DomainRow) {
  return { id: d.id, name: d.name, created_at: d.createdAt.toISOString(), updated_at: d.updatedAt.toISOString() };
}
