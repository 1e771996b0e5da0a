/**
 * A 422's `errors` as AntD form fields (`form.setFields`), so each server message shows on its own field
 * ('Current password is incorrect.' under the current password). Fields the form does not have are left out.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { name: F; errors: string[] }[] {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 422) return [];
  if (!('data' in error)) return [];
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('errors' in data)) return [];
  const errors = data.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([name, messages]) => {
    if (!(fields as readonly string[]).includes(name) || !Array.isArray(messages)) return [];
    const texts = messages.filter((m): m is string => typeof m === 'string');
    return texts.length > 0 ? [{ name: name as F, errors: texts }] : [];
  });
}
