import { z } from 'zod';
import { activityKindSchema, MEDIA_TYPES, screenBodySchema } from './activity-content.ts';

// Request contracts of the activity builder's content calls (001 section 7 "Activity builder and authoring"), shared
// by the API and the builder.

const id = z.number({ error: 'validation.valid' }).int().min(1).max(999_999_999);
const ids = z.array(id).min(1, { error: 'validation.select' }).max(200);

export const createScreenSchema = z.object({ after_screen_id: id.optional(), section: id.optional() });
export const screenOrderSchema = z.object({
  screens: z.array(z.object({ screen_id: id, section: id })).max(1000),
});
export const builderIdsSchema = z.object({
  questions: z.number().int().min(0).max(500).default(0),
  options: z.number().int().min(0).max(5000).default(0),
});
export const screenIdsSchema = z.object({ screen_ids: ids });
export const screensIntoSchema = z.object({ activity_id: id, screen_ids: ids });
/** 001 section 4: source only (keep) clears its links; a target activity (keep) clears origins; delete_targets removes. */
export const disconnectSchema = z.object({
  source: id,
  target: id.optional(),
  delete_targets: z.boolean().optional(),
});
export const versionInputSchema = z.object({
  title: z.string().max(200, { error: 'validation.maxLength' }).optional(),
  note: z.string().max(2000, { error: 'validation.maxLength' }).optional(),
});
const publishOptions = z.object({ force: z.boolean().optional() }).optional();
export const publishSchema = z.object({ version_id: id, options: publishOptions });
export const scheduleSchema = z.object({
  version_id: id,
  publish_at: z.iso.datetime({ offset: true, error: 'validation.valid' }),
  options: publishOptions,
});
export const previewSchema = z.object({ screen_versions: z.array(id).max(500) });

export const cloneActivitySchema = z.object({ account_id: id.optional() });
export const cloneBulkSchema = z.object({ activity_ids: ids, target_folder_id: id });

/** The export document (format 'aula-activity', version 1): an activity's screens and the media they refer to. */
export const EXPORT_FORMAT = 'aula-activity';
export const exportedMediaSchema = z.object({
  id: id,
  type: z.enum(MEDIA_TYPES),
  title: z.string().max(500),
  location: z.string().max(4000).nullable(),
  images: z.object({ small: z.string(), medium: z.string(), large: z.string() }).nullable(),
  stored: z.array(z.object({ type: z.enum(['hls', 'dash', 'mp4', 'poster']), src: z.string().max(4000) })).max(20),
  sensors: z.array(z.string().max(200)).max(20),
});
export const exportedScreenSchema = screenBodySchema.omit({ sensors: true }).extend({
  section: id,
  sensors: z.array(z.string().max(200)).max(20),
});
export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: z.string().optional(),
  activity: z.object({
    title: z.string().min(1).max(500),
    description: z.string().max(20000).nullable().optional(),
    kind: activityKindSchema,
  }),
  screens: z.array(exportedScreenSchema).max(500),
  media: z.array(exportedMediaSchema).max(2000),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export const importSchema = z.object({
  document: z.unknown(),
  folder_id: id.optional(),
  /** provider staff, who belong to no domain, say which domain receives the activity */
  domain_id: id.optional(),
});
