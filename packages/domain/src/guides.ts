import { z } from 'zod';
import { paginationSchema } from './tenancy';

// Guides (001: a screen area, 'Guide forms are multipart uploads', guide-management, 'POST guides by activity_id'):
// a teacher or staff resource (a teacher guide, a lab handout) with a file, an optional cover image and the
// activities it belongs to. Snake_case on the wire. docs/guides.md explains the choices the spec leaves open.

/** The file kinds a guide may hold: by declared type, the extension that must go with it and a label. */
export const GUIDE_FILE_TYPES = {
  'application/pdf': { ext: ['pdf'], kind: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: ['docx'], kind: 'docx' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { ext: ['pptx'], kind: 'pptx' },
  'image/jpeg': { ext: ['jpg', 'jpeg'], kind: 'jpg' },
  'image/png': { ext: ['png'], kind: 'png' },
} as const satisfies Record<string, { ext: readonly string[]; kind: string }>;
export type GuideFileType = keyof typeof GUIDE_FILE_TYPES;
export type GuideFileKind = (typeof GUIDE_FILE_TYPES)[GuideFileType]['kind'];
export const GUIDE_FILE_TYPE_LABEL = 'PDF, DOCX, PPTX, JPG or PNG';
/** What the file picker offers (extensions and types). */
export const GUIDE_FILE_ACCEPT = '.pdf,.docx,.pptx,.jpg,.jpeg,.png';
export const GUIDE_COVER_ACCEPT = '.jpg,.jpeg,.png';
/** Upload caps in MB: the guide's file and its cover image. */
export const GUIDE_FILE_MAX_MB = 20;
export const GUIDE_COVER_MAX_MB = 5;
/** At most this many activities per guide. */
export const GUIDE_MAX_ACTIVITIES = 50;

export function isGuideFileType(mimetype: string): mimetype is GuideFileType {
  return Object.hasOwn(GUIDE_FILE_TYPES, mimetype);
}

/** The declared type's extensions include the file name's (a 'report.exe' sent as application/pdf is refused). */
export function guideFileNameFits(type: GuideFileType, fileName: string): boolean {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  return !!ext && (GUIDE_FILE_TYPES[type].ext as readonly string[]).includes(ext);
}

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
/** A multipart field is text: ids arrive as digits. */
const formId = z.coerce.number({ error: 'validation.select' }).int().min(1, 'validation.select').max(999_999_999);

export const guideListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    activity_id: idSchema.optional(),
  })
  .prefault({});
export type GuideListFilter = z.infer<typeof guideListSchema>;

/** POST guides by activity_id: the guides of one activity, for anyone who may view it. */
export const guidesByActivitySchema = z.object({ activity_id: idSchema });

/**
 * The text fields of the create and update forms (multipart). `activity_ids` is a comma-separated list (or the
 * field repeated); an empty value links none. `remove_cover` ('true') drops the cover on update.
 */
export const guideFieldsSchema = z.object({
  title: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(255, 'validation.maxLength'),
  description: z.string().trim().max(5000, 'validation.maxLength').optional(),
  activity_ids: z
    .array(formId)
    .max(GUIDE_MAX_ACTIVITIES, 'validation.valid')
    .default([])
    .transform((ids) => [...new Set(ids)]),
  domain_id: formId.optional(),
  account_id: formId.optional(),
  remove_cover: z
    .enum(['true', 'false'], { error: 'validation.select' })
    .optional()
    .transform((v) => v === 'true'),
});
export type GuideFields = z.infer<typeof guideFieldsSchema>;

/** Raw multipart fields (text, or repeated) into the shape guideFieldsSchema reads. */
export function guideFormInput(fields: Record<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(fields)) {
    if (key === 'activity_ids') {
      out[key] = values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    } else if (values.length > 0) {
      const v = values[values.length - 1]!;
      // an empty optional field is absent (a form posts '' for a cleared id)
      if (v !== '' || key === 'title') out[key] = v;
    }
  }
  return out;
}
