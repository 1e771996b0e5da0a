/** Job names of the roster sources, apart from their handlers so the service can send without importing them. */
export const ROSTER_SOURCE_IMPORT_JOB = 'roster-source-import';
export const ROSTER_SOURCES_TICK_JOB = 'roster-sources-tick';
