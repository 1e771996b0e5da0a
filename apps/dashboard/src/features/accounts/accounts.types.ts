import type { AccountSetting, AccountSettingKind } from '@aula/domain/tenancy';

// Wire shapes of the account calls (001 section 7, snake_case as the API sends them).

export interface Account {
  id: number;
  domain_id: number;
  name: string;
  district_id: string;
  zip_code: string;
  type: number;
  is_demo: boolean;
  created_at: string;
  updated_at: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface AccountInput {
  name: string;
  district_id: string;
  zip_code: string;
  type: number;
  domain_id?: number;
}

export interface AccountListFilter {
  page: number;
  per_page: number;
  search?: string;
  type?: number;
}

export type { AccountSetting, AccountSettingKind };
