import { buildFolderTree } from '@aula/domain/folders';
import type { FolderRow } from './folders.repo';

export function presentFolder(f: FolderRow & { activitiesCount: number }) {
  return {
    id: f.id,
    title: f.title,
    folder_id: f.folderId,
    product_id: f.productId,
    domain_id: f.domainId,
    account_id: f.accountId,
    archived: f.archived,
    activities_count: f.activitiesCount,
  };
}

/** [{id, title, folder_id, product_id, archived, activities_count, children}] */
export function presentFolderTree(rows: (FolderRow & { activitiesCount: number })[]) {
  return buildFolderTree(rows.map(presentFolder));
}
