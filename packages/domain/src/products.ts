import { z } from 'zod';
import { paginationSchema } from './tenancy.ts';

// Products (002 sections 3 and 7): a domain's named collection of activities (the activity catalogue tags
// activities with products, folder trees hang off a product, PAS plans pick one). Messages are i18n keys.

export const PRODUCT_NAME_MIN = 2;
export const PRODUCT_NAME_MAX = 255;
export const PRODUCT_DESCRIPTION_MAX = 2000;

const idSchema = z.number({ error: 'validation.select' }).int().min(1).max(999_999_999);
const nameSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .pipe(z.string().min(PRODUCT_NAME_MIN, 'validation.minLength').max(PRODUCT_NAME_MAX, 'validation.maxLength'));
const descriptionSchema = z.string().trim().max(PRODUCT_DESCRIPTION_MAX, 'validation.maxLength').nullable();

/** POST list with pagination. Provider staff may narrow to one domain. */
export const productListSchema = paginationSchema
  .extend({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    domain_id: idSchema.optional(),
  })
  .prefault({});
export type ProductListFilter = z.infer<typeof productListSchema>;

/** POST my list: the products of the caller's domain, by name (for pickers such as the PAS plan wizard). */
export const productMyListSchema = z
  .object({
    search: z.string().trim().max(255, 'validation.maxLength').optional(),
    domain_id: idSchema.optional(),
  })
  .prefault({});

/** POST create: provider staff name the domain; a domain administrator creates in theirs. */
export const productCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
  domain_id: idSchema.optional(),
});
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PUT update by product_id: the create body without the domain (a product does not move between domains). */
export const productUpdateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

/**
 * POST copy: a new product of the same domain with the source's description, its activities and its folder trees
 * (folders and the activities in them). The name defaults to '{name} (copy)'.
 */
export const productCopySchema = z.object({
  product_id: idSchema,
  name: nameSchema.optional(),
});
export type ProductCopyInput = z.infer<typeof productCopySchema>;
