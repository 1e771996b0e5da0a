import { useState } from 'react';
import type { FieldCheck } from '../../../lib/form-rules';

export interface SignInValues {
  login: string;
  password: string;
  rememberMe: boolean;
}

/** The sign-in form's checked fields, in the order of the form (the first invalid one takes the focus). */
export type CheckedField = 'login' | 'password';
const CHECKED_FIELDS: readonly CheckedField[] = ['login', 'password'];

const INITIAL_VALUES: SignInValues = { login: '', password: '', rememberMe: false };

/**
 * The sign-in form's state, with the rules AntD's Form applied to it before (decision 0008): a field is checked when
 * it loses the focus and all of them when the form is sent; a field's message stays until it is checked again (typing
 * does not clear it). The message is worked out from the value that was checked on each render, so it follows a
 * change of language.
 */
export function useSignInFields(checks: Record<CheckedField, FieldCheck>) {
  const [values, setValues] = useState<SignInValues>(INITIAL_VALUES);
  // the value each field had when it was last checked (none: not checked yet)
  const [checked, setChecked] = useState<Partial<Record<CheckedField, string>>>({});

  const errorOf = (field: CheckedField): string | undefined => {
    const value = checked[field];
    return value === undefined ? undefined : checks[field](value);
  };

  const setValue = <K extends keyof SignInValues>(field: K, value: SignInValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  /** Checks one field (on blur). */
  const checkField = (field: CheckedField) => setChecked((current) => ({ ...current, [field]: values[field] }));

  /** Checks every field (on submit); returns the first invalid field, or undefined when the form may be sent. */
  const checkAll = (): CheckedField | undefined => {
    setChecked({ login: values.login, password: values.password });
    return CHECKED_FIELDS.find((field) => checks[field](values[field]) !== undefined);
  };

  return { values, setValue, errorOf, checkField, checkAll };
}
