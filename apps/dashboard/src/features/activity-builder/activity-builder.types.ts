import type { ActivityKind, ContentRow, MediaItem, MediaType, Question } from '@aula/domain/activity-content';

// The wire shapes of issue 4's agreed API table (snake_case, as the server sends them).

export type ActivityStatus = 'draft' | 'published';

export interface Activity {
  id: number;
  title: string;
  description: string | null;
  kind: ActivityKind;
  status: ActivityStatus;
  domain_id: number | null;
  account_id: number | null;
  favorite: boolean;
  tags: string[];
  standards: { id: number; tag: string }[];
  products: { id: number; name: string }[];
  folders: { id: number; title: string }[];
  published_version_id: number | null;
  published_at: string | null;
  scheduled_at: string | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
  screens_count: number;
}

export interface ActivityFilters {
  page?: number;
  per_page?: number;
  search?: string;
  kind?: ActivityKind;
  status?: ActivityStatus;
  folder_id?: number;
  tag?: string;
  favorite?: boolean;
  standard_id?: number;
  product_id?: number;
  sort?: string;
}

/** The view-only activity lists under an account, school, teacher or admin (POST /dashboard/{scope}/:id/activities). */
export interface ActivityListOf {
  scope: 'accounts' | 'organizations' | 'teachers' | 'admins';
  id: number;
}

/** GET /activities/:id/live-preview and /published-preview: screens with media ids, and the media they name. */
export interface RenderablePreview {
  screens: {
    screen_id: number;
    version_id: number;
    section: number;
    content: ContentRow[];
    questions: Question[];
    media: number[];
  }[];
  media: MediaItem[];
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}
export interface Paged<T> {
  data: T[];
  meta: ListMeta;
}

export interface ActivityInput {
  title: string;
  kind: ActivityKind;
  description?: string;
  tags?: string[];
  standard_ids?: number[];
  product_ids?: number[];
  folder_id?: number;
  /** provider staff and other multi-domain users name the domain; others work in their own */
  domain_id?: number;
}

export interface Folder {
  id: number;
  title: string;
  folder_id: number | null;
  product_id: number | null;
  archived: boolean;
  activities_count: number;
  children: Folder[];
}

export interface ScreenLink {
  screen_id: number;
  version_id: number;
  activity_id: number;
  activity_title: string;
}

/** Where a cloned or linked screen came from (001 section 3, Screen.origin). */
export interface ScreenOrigin {
  screen_id: number;
  version_id: number;
  activity_id: number;
  activity_title: string;
}

export interface Screen {
  screen_id: number;
  version_id: number;
  section: number;
  position: number;
  content: ContentRow[];
  questions: Question[];
  media: number[];
  sensors: number[];
  links: ScreenLink[];
  origin: ScreenOrigin | null;
  linked: boolean;
}

export interface ActivityVersion {
  id: number;
  number: number;
  title: string | null;
  note: string | null;
  created_at: string;
  created_by_name: string | null;
  published_at: string | null;
}

export interface BuilderContent {
  screens: Screen[];
  history: ActivityVersion[];
  published_version_id: number | null;
  scheduled_version_id: number | null;
  scheduled_at: string | null;
  media: MediaItem[];
  sensors: { id: number; name: string }[];
}

export interface ParsedMedia {
  type: MediaType;
  title: string;
  location: string;
  thumbnail?: string;
}

export interface NamedRow {
  id: number;
  name: string;
}
export interface StandardRow {
  id: number;
  tag: string;
}
