import { SEARCH_TYPES, type SearchType } from '@aula/domain/search';

// Where each kind of search hit opens (the route table's pages for one row of each area).
const HIT_PATHS: Record<SearchType, (id: number) => `/${string}`> = {
  student: (id) => `/students/${id}`,
  class: (id) => `/classes/${id}`,
  teacher: (id) => `/teachers/${id}`,
  staff: (id) => `/user/${id}`,
  activity: (id) => `/activity/view/${id}`,
  assignment: (id) => `/assignment/view/${id}`,
  organization: (id) => `/organizations/${id}`,
  account: (id) => `/accounts/${id}`,
};

export function hitPath(type: SearchType, id: number): `/${string}` {
  return HIT_PATHS[type](id);
}

/** /details?type=&id=: the one address of a hit (shareable; it checks access again before opening the page). */
export function detailsHref(type: SearchType, id: number): string {
  return `/details?${new URLSearchParams({ type, id: String(id) }).toString()}`;
}

export function searchResultsHref(query: string, type?: SearchType): string {
  const params = new URLSearchParams({ q: query });
  if (type) params.set('type', type);
  return `/search-results?${params.toString()}`;
}

export function parseSearchType(value: string | null): SearchType | null {
  return value && (SEARCH_TYPES as readonly string[]).includes(value) ? (value as SearchType) : null;
}
