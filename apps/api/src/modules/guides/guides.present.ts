import { absoluteMediaUrl } from '../media/media.present';
import type { GuideView } from './guides.service';

/** A guide on the wire: its file is fetched with the bearer token from `file.url` (relative to the API). */
export function presentGuide(v: GuideView, mediaBase: string) {
  const { row } = v;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    domain_id: row.domainId,
    account_id: row.accountId,
    file: {
      name: row.fileName,
      type: row.fileType,
      size: row.fileSize,
      url: `/dashboard/guides/${row.id}/file`,
    },
    cover_url: row.coverUrl ? absoluteMediaUrl(mediaBase, row.coverUrl) : null,
    activities: v.activities,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
