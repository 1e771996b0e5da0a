import { z } from 'zod';
import { MEDIA_TYPES, STORED_SOURCE_TYPES, type MediaType } from './activity-content';
import { paginationSchema } from './tenancy';

// Media library and sensor payloads (POST /dashboard/media..., /dashboard/sensors...; 001 section 7). Snake_case on
// the wire. URL rules are in ./media-urls.

/** Image uploads: jpeg, png or jpg, one at a time (001 section 5). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;
export const IMAGE_UPLOAD_TYPE_LABEL = 'jpeg, png or jpg';
export const PDF_UPLOAD_TYPES = ['application/pdf'] as const;
/** Widths of the kept sizes; 000 section 9 picks one by column span. */
export const IMAGE_WIDTHS = { small: 480, medium: 960, large: 1600 } as const;
export const IMAGE_OUTPUT_FORMATS = ['jpeg', 'png'] as const;
export type ImageOutputFormat = (typeof IMAGE_OUTPUT_FORMATS)[number];
/** The file kinds POST /media/upload takes. */
export const UPLOAD_KINDS = ['image', 'pdf'] as const;

/** Media made from a URL or a record (images and uploaded PDFs come from POST /media/upload). */
export const LINKED_MEDIA_TYPES = MEDIA_TYPES.filter((t): t is Exclude<MediaType, 'image'> => t !== 'image');
export type LinkedMediaType = (typeof LINKED_MEDIA_TYPES)[number];

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const urlText = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .max(2000, 'validation.maxLength');

export const mediaCreateSchema = z.object({
  type: z.enum(LINKED_MEDIA_TYPES, { error: 'validation.select' }),
  title: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(255, 'validation.maxLength'),
  location: urlText.nullable().optional(),
  /** hosted video sources (hls, dash, mp4) and its poster */
  stored: z
    .array(z.object({ type: z.enum(STORED_SOURCE_TYPES, { error: 'validation.select' }), src: urlText }))
    .max(10)
    .optional(),
  /** vernier: the sensor kinds the lab needs */
  sensor_ids: z.array(idSchema).max(20).optional(),
  domain_id: idSchema.optional(),
  account_id: idSchema.optional(),
});
export type MediaCreateInput = z.infer<typeof mediaCreateSchema>;

export const mediaParseSchema = z.object({
  url: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter').max(4000, 'validation.maxLength'),
});

export const mediaSearchSchema = paginationSchema
  .extend({
    type: z.enum(MEDIA_TYPES, { error: 'validation.select' }).optional(),
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
  })
  .prefault({});

export const uploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: 'validation.select' }).default('image'),
  format: z.enum(IMAGE_OUTPUT_FORMATS, { error: 'validation.select' }).default('jpeg'),
  title: z.string().trim().max(255, 'validation.maxLength').optional(),
  domain_id: z.coerce.number({ error: 'validation.select' }).int().min(1).max(999_999_999).optional(),
  account_id: z.coerce.number({ error: 'validation.select' }).int().min(1).max(999_999_999).optional(),
});

export const sensorListSchema = paginationSchema
  .extend({ search: z.string().trim().max(255, 'validation.maxLength').optional() })
  .prefault({});

const sensorIdSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);

/** POST create a sensor kind: its name and the lab's code; provider staff may leave the domain out (every domain). */
export const sensorCreateSchema = z.object({
  name: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .pipe(z.string().min(2, 'validation.minLength').max(255, 'validation.maxLength')),
  code: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(1, 'validation.enter')
    .pipe(z.string().max(100, 'validation.maxLength')),
  domain_id: sensorIdSchema.nullable().optional(),
});
export type SensorCreateInput = z.infer<typeof sensorCreateSchema>;

/** POST update a sensor kind by id: name and code (a sensor does not move between domains). */
export const sensorUpdateSchema = sensorCreateSchema.omit({ domain_id: true });
export type SensorUpdateInput = z.infer<typeof sensorUpdateSchema>;
