import { passwordSchema } from '@aula/domain/auth';
import type { FormInstance, FormRule } from 'antd';
import { schemaRule } from '../../../lib/form-rules';
import { translate } from '../../../lib/i18n';

// The new-password pair of the reset, change-password and security forms (001 section 5), from the domain's
// password schema: required, minimum 8, numbers, letters and special characters; the repeat must match.

export function newPasswordRules(): FormRule[] {
  return [schemaRule(passwordSchema, () => translate('fields.password'))];
}

export function confirmPasswordRules(passwordField = 'password'): FormRule[] {
  return [
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') {
          throw new Error(translate('validation.repeat', { field: translate('fields.password') }));
        }
        if (value !== getFieldValue(passwordField)) throw new Error(translate('validation.passwordsMismatch'));
      },
    }),
  ];
}
