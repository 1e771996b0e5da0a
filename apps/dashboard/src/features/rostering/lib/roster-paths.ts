// The rostering pages' paths (config/routes.ts rows).
export const rosterHistoryHref = (accountId?: number): string =>
  accountId ? `/one-roster-history?account_id=${accountId}` : '/one-roster-history';
export const rosterReviewHref = (queueId: number): string => `/one-roster-review/${queueId}`;
/** h-rcsv's OneRoster validation screen (upload a zip, get the report without importing). */
export const rosterValidationHref = (): string => '/one-roster-validation';
/** The district's OneRoster REST source (roster sources page). */
export const rosterSourcesHref = (): string => '/one-roster-sources';
