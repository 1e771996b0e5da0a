// The email rule without zod, so the sign-in page can check an address without loading zod; emailSchema in
// auth.ts refines with the same function, so the API and every form accept the same addresses.

/** zod's 'practical' email pattern (the one z.email() applies): dotted local part, '@', dotted domain, 2+ letter TLD. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True when `value` is a well-formed email address (no surrounding spaces: trim first). */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
