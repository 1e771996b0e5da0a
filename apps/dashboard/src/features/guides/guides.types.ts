export interface Guide {
  id: number;
  title: string;
  description: string | null;
  domain_id: number;
  /** null: shared with every district of the domain */
  account_id: number | null;
  file: { name: string; type: string; size: number; url: string };
  cover_url: string | null;
  activities: { id: number; title: string }[];
  created_at: string;
  updated_at: string;
}

export interface GuidePage {
  data: Guide[];
  meta: { page: number; per_page: number; total: number };
}

/** What the guide form sends (multipart, see lib/guide-form-data.ts). */
export interface GuideFormValues {
  title: string;
  description?: string;
  activity_ids: number[];
  domain_id?: number;
  file?: File;
  cover?: File;
  remove_cover?: boolean;
}
