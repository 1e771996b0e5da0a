import type { AcademicSessionType } from '@aula/domain/academic-sessions';

// Wire shapes of the academic session calls (snake_case as the API sends them).

export interface AcademicSession {
  id: number;
  title: string;
  type: AcademicSessionType;
  school_year: number;
  school_year_label: string;
  start_date: string;
  end_date: string;
  account_id: number | null;
  domain_id: number | null;
  is_template: boolean;
  created_at: string;
  updated_at: string;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

export interface SchoolYear {
  school_year: number;
  label: string;
  start_date: string;
  end_date: string;
  sessions_count: number;
}

export interface SessionInput {
  title: string;
  type: AcademicSessionType;
  start_date: string;
  end_date: string;
}

export interface AccountOption {
  id: number;
  name: string;
}
