import { GUIDE_FILE_MAX_MB, GUIDE_FILE_TYPES, guideFileNameFits, isGuideFileType } from '@aula/domain/guides';
import type { GuideFormValues } from '../guides.types';

/**
 * The multipart body of POST /dashboard/guides and PUT /dashboard/guides/:id: text fields first, then the files.
 * `activity_ids` is always sent (empty: no activities), so an update sets the links to exactly the form's.
 */
export function guideFormData(values: GuideFormValues): FormData {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description ?? '');
  body.append('activity_ids', values.activity_ids.join(','));
  if (values.domain_id !== undefined) body.append('domain_id', String(values.domain_id));
  if (values.remove_cover) body.append('remove_cover', 'true');
  if (values.file) body.append('file', values.file, values.file.name);
  if (values.cover) body.append('cover', values.cover, values.cover.name);
  return body;
}

/** The browser's check before sending (the API checks again, content included): type and size. */
export function guideFileProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (!isGuideFileType(type) || !guideFileNameFits(type, file.name)) return 'type';
  if (file.size > GUIDE_FILE_MAX_MB * 1024 * 1024) return 'size';
  return null;
}

/** A short label of a guide's file kind (PDF, DOCX, ...). */
export function guideFileKind(type: string): string {
  return isGuideFileType(type) ? GUIDE_FILE_TYPES[type].kind.toUpperCase() : type;
}

/** Bytes for people: 820 KB, 3.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
