// Wire shapes of the product calls (snake_case as the API sends them).

export interface Product {
  id: number;
  name: string;
  description: string | null;
  domain_id: number;
  activities_count: number;
  folders_count: number;
  created_at: string;
  updated_at: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface ProductInput {
  name: string;
  description?: string | null;
  domain_id?: number;
}
