import type { Catalog } from '../en';

export const validation: Catalog['validation'] = {
  enter: 'Будь ласка, введіть {{field}}',
  select: 'Будь ласка, виберіть {{field}}',
  minLength: '{{field}} має містити щонайменше {{min}} символів',
  maxLength: '{{field}} не може перевищувати {{max}} символів',
  between: '{{field}} має містити від {{min}} до {{max}} символів',
  valid: 'Будь ласка, введіть коректне значення: {{field}}',
  upload: 'Будь ласка, завантажте {{field}}',
  repeat: 'Будь ласка, повторіть {{field}}',
  invalidEmail: 'Недійсна адреса електронної пошти',
  passwordComplexity: 'Пароль має містити цифри, літери та спеціальні символи',
  passwordsMismatch: 'Два введені паролі не збігаються!',
  invalidValue: 'Будь ласка, введіть коректне значення: {{field}}',
  oneOf: 'Будь ласка, виберіть {{field}}',
};
