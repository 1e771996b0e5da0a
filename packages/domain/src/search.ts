import { z } from 'zod';
import { can, type Policy, type Resource } from './permissions.ts';

// The dashboard's search (001 section 2: /search-results and /details). One query, hits grouped by what they are;
// each group only for callers whose policy views its resource, and only rows the area's own lists would show them
// (docs/search.md).

export const SEARCH_TYPES = [
  'student',
  'class',
  'teacher',
  'staff',
  'activity',
  'assignment',
  'organization',
  'account',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The resource a group needs view of: teachers are the `teacher` resource, other staff `user` (role grants). */
export const SEARCH_TYPE_RESOURCE: Record<SearchType, Resource> = {
  student: 'student',
  class: 'class',
  teacher: 'teacher',
  staff: 'user',
  activity: 'activity',
  assignment: 'assignment',
  organization: 'organization',
  account: 'account',
};

/** The groups this policy may search, in display order. */
export function searchableTypes(policy: Policy): SearchType[] {
  return SEARCH_TYPES.filter((type) => can(policy, SEARCH_TYPE_RESOURCE[type], 'view'));
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

/** POST /dashboard/search. `page` and `per_page` apply to every group asked for (a "more" link asks for one). */
export const searchRequestSchema = z.object({
  query: z
    .string({ error: 'validation.enter' })
    .trim()
    .min(SEARCH_MIN_LENGTH, 'validation.minLength')
    .max(SEARCH_MAX_LENGTH, 'validation.maxLength'),
  types: z
    .array(z.enum(SEARCH_TYPES, { error: 'validation.select' }))
    .min(1, 'validation.select')
    .max(SEARCH_TYPES.length)
    .optional(),
  page: z.number({ error: 'validation.valid' }).int().min(1).max(10_000).default(1),
  per_page: z.number({ error: 'validation.valid' }).int().min(1).max(50).default(5),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export interface SearchHit {
  type: SearchType;
  id: number;
  title: string;
  /** what tells two hits of the same name apart: an email, a school, a class's periods, a district */
  subtitle: string | null;
}

export interface SearchGroup {
  type: SearchType;
  total: number;
  page: number;
  per_page: number;
  hits: SearchHit[];
}

export interface SearchResult {
  query: string;
  groups: SearchGroup[];
}

/** GET /dashboard/search/details: one hit, to open its page (/details?type=&id=). */
export const searchDetailsQuerySchema = z.object({
  type: z.enum(SEARCH_TYPES, { error: 'validation.select' }),
  id: z.coerce.number({ error: 'validation.valid' }).int().min(1).max(999_999_999),
});
