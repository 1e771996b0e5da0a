import type { FormRule } from 'antd';
import { isEmail } from '@aula/domain/email';
import { i18n } from './i18n';

// The schemas live in @aula/domain so the API and the form reject the same input with the same words
// (DESIGN.md 3.3); their messages are catalogue keys with {{field}}, {{min}} and {{max}} to fill in.
interface Issue {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

function bound(value: unknown): string | number | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

function translateIssue(issue: Issue, field: string): string {
  if (!i18n.exists(issue.message)) return issue.message;
  return i18n.t(issue.message, { field, min: bound(issue.minimum), max: bound(issue.maximum) });
}

/** An AntD form rule that validates with a domain schema; `field` gives the translated field name. */
export function schemaRule(schema: Schema, field: () => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      const issue = result.success ? undefined : result.error.issues[0];
      if (issue) throw new Error(translateIssue(issue, field()));
    },
  };
}

// Zod-free checks for the sign-in form (which is not an AntD Form, decision 0008), whose first load should not carry
// zod; they give the same messages as loginFormSchema and emailSchema in @aula/domain/auth.

/** A field's check: its message for the value, or undefined when the value is fine. */
export type FieldCheck = (value: string) => string | undefined;

/** 'Enter {{field}}' for an empty value (blank after trimming when `trim`), like the domain's `.min(1)` rules. */
export function requiredCheck(field: () => string, { trim = false }: { trim?: boolean } = {}): FieldCheck {
  return (value) =>
    (trim ? value.trim() : value) === '' ? translateIssue({ message: 'validation.enter' }, field()) : undefined;
}

/** emailSchema's rule without zod: required, then a well-formed address (after trimming). */
export function emailCheck(field: () => string): FieldCheck {
  return (value) => {
    const email = value.trim();
    const message = email === '' ? 'validation.enter' : isEmail(email) ? undefined : 'validation.invalidEmail';
    return message ? translateIssue({ message }, field()) : undefined;
  };
}
