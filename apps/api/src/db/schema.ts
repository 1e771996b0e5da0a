// The one import point for the Drizzle schema (drizzle-kit and the client both read it).
export * from './schema/tenancy';
export * from './schema/roles';
export * from './schema/users';
export * from './schema/classes';
export * from './schema/activity-log';
export * from './schema/activities';
export * from './schema/assignments';
export * from './schema/guides';
export * from './schema/rostering';
export * from './schema/roster-sources';
export * from './schema/sso';
export * from './schema/lti';
