import type { OrganizationSummary } from '@aula/domain/organizations';

// Wire shapes of the organization calls (snake_case as the API sends them; 001 section 3).

export interface Organization {
  id: number;
  account_id: number;
  name: string;
  nces_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  source: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface OrganizationFilters {
  page: number;
  per_page: number;
  search?: string;
  account_id?: number;
  // the '*/organizations' lists: a class's school, a person's schools, a group's schools
  class_id?: number;
  user_id?: number;
  group_id?: number;
}

/** The create and edit forms' body (blank text is sent as null). */
export interface OrganizationInput {
  name: string;
  nces_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  account_id?: number;
}

export interface AccountOption {
  id: number;
  name: string;
}

export type { OrganizationSummary };
