// Wire shapes of the domain calls (snake_case as the API sends them).

export interface Domain {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface DomainPage {
  data: Domain[];
  meta: { page: number; per_page: number; total: number };
}

export interface DomainListRequest {
  page: number;
  per_page: number;
  search?: string;
}
