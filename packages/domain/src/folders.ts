import { z } from 'zod';
import { activityStatusSchema } from './activities.ts';

// Activity folders (001 sections 3 and 7): a tree per product, and a separate archive tree (archived: true) that
// holds archived activities. Payloads exactly as 001 section 7 names them.

export const FOLDER_TITLE_MAX = 255;

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const titleSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(FOLDER_TITLE_MAX, 'validation.maxLength');

/** POST /dashboard/activities/folders/list: the filters payload. product_id null: folders without a product. */
export const folderListSchema = z
  .object({
    filters: z
      .object({
        archived: z.boolean({ error: 'validation.select' }).optional(),
        product_id: idSchema.nullable().optional(),
        search: z.string().trim().max(255, 'validation.maxLength').optional(),
        domain_id: idSchema.optional(),
      })
      .prefault({}),
  })
  .prefault({});
export type FolderListFilter = z.infer<typeof folderListSchema>['filters'];

/** POST /dashboard/activities/folders. A sub-folder belongs to its parent's tree (product and archive flag). */
export const folderCreateSchema = z.object({
  title: titleSchema,
  folder_id: idSchema.nullable().optional(),
  product_id: idSchema.nullable().optional(),
  archived: z.boolean({ error: 'validation.select' }).optional(),
  domain_id: idSchema.optional(),
  account_id: idSchema.optional(),
});
export type FolderCreateInput = z.infer<typeof folderCreateSchema>;

/** PUT /dashboard/activities/folders/:folder_id: the payload without folder_id in the path; folder_id moves it. */
export const folderUpdateSchema = folderCreateSchema.omit({ domain_id: true, account_id: true }).partial();
export type FolderUpdateInput = z.infer<typeof folderUpdateSchema>;

/** POST /dashboard/activities/:activity_id/folders */
export const activityFolderAddSchema = z.object({ folder_id: idSchema });
/** DELETE /dashboard/activities/:activity_id/folders: remove the activity from every listed folder. */
export const activityFoldersRemoveSchema = z.object({
  folder_ids: z.array(idSchema, { error: 'validation.select' }).min(1, 'validation.select').max(1000),
});

const moveFilterSchema = z
  .object({
    status: activityStatusSchema.optional(),
    activity_id: idSchema.optional(),
    exclude_activity_id: idSchema.optional(),
  })
  .prefault({});

/**
 * PUT /dashboard/activities/folders/change-branch: the activities of current_folder_id (those the filter picks)
 * move to target_folder_id. Both folders belong to the tree of product_id (null: folders without a product).
 */
export const changeBranchSchema = z.object({
  product_id: idSchema.nullable(),
  current_folder_id: idSchema,
  target_folder_id: idSchema,
  filter: moveFilterSchema,
});
export type ChangeBranchInput = z.infer<typeof changeBranchSchema>;

/**
 * POST /dashboard/activities/folders/set: put the activities the filter picks into target_folder_id. With
 * filter.archived, archived activities go to a folder of the archive tree; otherwise current_folder_id (optional)
 * says where they come from and product_id which tree the target is in.
 */
export const setFolderSchema = z
  .object({
    target_folder_id: idSchema,
    current_folder_id: idSchema.optional(),
    product_id: idSchema.nullable().optional(),
    filter: moveFilterSchema.unwrap().extend({ archived: z.boolean({ error: 'validation.select' }).default(false) }),
  })
  // without a source folder and without an activity the call would sweep every activity of the domain
  .refine((v) => v.current_folder_id !== undefined || v.filter.activity_id !== undefined, {
    path: ['filter', 'activity_id'],
    message: 'validation.select',
  });
export type SetFolderInput = z.infer<typeof setFolderSchema>;

/**
 * Builds the folder tree from a flat list. A folder whose parent is not in the list (filtered out, or invisible to
 * the caller) becomes a root, so nothing the caller may see is lost.
 */
export function buildFolderTree<T extends { id: number; folder_id: number | null }>(
  rows: readonly T[],
): (T & { children: (T & { children: unknown[] })[] })[] {
  type Node = T & { children: Node[] };
  const byId = new Map<number, Node>();
  for (const r of rows) byId.set(r.id, { ...r, children: [] });
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parent = node.folder_id === null ? undefined : byId.get(node.folder_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** True when moving `folderId` under `newParentId` would put a folder inside itself. */
export function wouldCreateCycle(
  folderId: number,
  newParentId: number | null,
  parentOf: ReadonlyMap<number, number | null>,
): boolean {
  const seen = new Set<number>();
  for (let at = newParentId; at !== null && at !== undefined; at = parentOf.get(at) ?? null) {
    if (at === folderId) return true;
    if (seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}
