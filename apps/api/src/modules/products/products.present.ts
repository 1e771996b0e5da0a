import type { ProductRow } from './products.repo';
import type { ProductWithCounts } from './products.service';

/** A product on the product pages (002 section 3: id, and the list with pagination). */
export function presentProductDetails(p: ProductWithCounts) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    domain_id: p.domainId,
    activities_count: p.activitiesCount,
    folders_count: p.foldersCount,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** A product in a picker (POST my list). */
export function presentProductOption(p: ProductRow) {
  return { id: p.id, name: p.name, description: p.description, domain_id: p.domainId };
}
