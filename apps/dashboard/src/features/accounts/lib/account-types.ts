import { ACCOUNT_TYPE_VALUES } from '@aula/domain/tenancy';

// 001 section 3, account type enum: 1 School, 2 District, 3 Charter, 4 Homeschool; labels in accounts.types.{n}.

export type AccountTypeValue = (typeof ACCOUNT_TYPE_VALUES)[number];

export function typeKey(type: number): `accounts.types.${AccountTypeValue}` | 'accounts.types.unknown' {
  return (ACCOUNT_TYPE_VALUES as readonly number[]).includes(type)
    ? `accounts.types.${type as AccountTypeValue}`
    : 'accounts.types.unknown';
}

export { ACCOUNT_TYPE_VALUES };
