// Small shared pieces of the tenancy modules' list calls and writes.

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageResult<T> {
  rows: T[];
  total: number;
}

export function offsetOf(p: PageRequest): number {
  return (p.page - 1) * p.per_page;
}

/** `{ data, meta: { page, per_page, total } }` (DESIGN.md 4). */
export function presentPage<T, R>(p: PageRequest, result: PageResult<T>, present: (row: T) => R) {
  return { data: result.rows.map(present), meta: { page: p.page, per_page: p.per_page, total: result.total } };
}

/** A unique index refused the write (a concurrent request won the race a pre-check could not see). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === '23505') return constraint === undefined || pgErr.constraint === constraint;
  }
  return false;
}

/** LIKE pattern for a user's search text, with the wildcards they typed taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** preValidation hook for list calls: a POST without a body is the same as `{}` (first page, no filters). */
export async function emptyBodyIsFilterless(req: { body: unknown }): Promise<void> {
  req.body ??= {};
  await Promise.resolve();
}
