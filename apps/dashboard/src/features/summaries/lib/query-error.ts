/** Whether an RTK Query error is the API's 404 (a row the caller may not see does not exist for them). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
