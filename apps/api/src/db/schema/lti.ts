import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { assignmentSets, assignments } from './assignments';
import { classes } from './classes';
import { accounts, timestamps } from './tenancy';
import { users } from './users';

// LTI 1.3 tool (issue 18 items 1-2; docs/lti.md).

// Aula's RSA signing keys. The private JWK is stored only encrypted (lib/secrets.ts, SECRETS_KEY); the public JWK
// is what GET /lti/jwks publishes. The state is derived from the times (@aula/domain/lti ltiKeyState): published
// from created_at, signing from signs_from, retired at retires_at, out of the JWKS when deactivated or expired.
export const ltiKeys = pgTable(
  'lti_keys',
  {
    id: serial('id').primaryKey(),
    kid: text('kid').notNull(),
    alg: text('alg').notNull().default('RS256'),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwkEncrypted: text('private_jwk_encrypted').notNull(),
    /** null: standby (published, waits for a rotation) */
    signsFrom: timestamp('signs_from', { withTimezone: true }),
    /** set when the next key is scheduled: the moment that key takes over */
    retiresAt: timestamp('retires_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('lti_keys_kid_unique').on(t.kid), check('lti_keys_alg_check', sql`${t.alg} in ('RS256')`)],
);

// An LMS that launches Aula: LTI 1.3 registration values (002 section 3). Provider-level (resource 'lti').
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    keySetUrl: text('key_set_url').notNull(),
    accessTokenUrl: text('access_token_url').notNull(),
    oidcAuthUrl: text('oidc_auth_url').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client_unique').on(t.issuer, t.clientId)],
);

// One deployment of Aula on a platform, belonging to exactly one district (DESIGN.md 9: launches are keyed by
// issuer + client id + deployment id, each mapped to one account). Managed by domain admins (resource
// 'lti-deployment').
export const ltiDeployments = pgTable(
  'lti_deployments',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'restrict' }),
    deploymentId: text('deployment_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name'),
    isCatalog: boolean('is_catalog').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lti_deployments_platform_deployment_unique').on(t.platformId, t.deploymentId),
    index('lti_deployments_account_idx').on(t.accountId),
  ],
);

// A resource link a platform launched (issue 18 items 3-5): the LMS placement of an Aula activity or assignment, with
// the AGS and NRPS endpoints the launch's id_token gave for it. Written by the launch (upsertResourceLink), read
// when a score goes back (AGS) and when the course's members are imported (NRPS).
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    id: serial('id').primaryKey(),
    deploymentId: integer('deployment_id')
      .notNull()
      .references(() => ltiDeployments.id, { onDelete: 'cascade' }),
    /** the platform's resource_link.id claim */
    resourceLinkId: text('resource_link_id').notNull(),
    /** the platform's context (course) id and title */
    contextId: text('context_id').notNull(),
    contextTitle: text('context_title'),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    assignmentId: integer('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    /** a link of a whole assignment set (custom aula_assignment_set_id): its learners are named on the set's assignments */
    assignmentSetId: integer('assignment_set_id').references(() => assignmentSets.id, { onDelete: 'set null' }),
    /** the Aula class this course maps to (NRPS imports its members there) */
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** AGS endpoint claim: lineitem (this link's own line item) and lineitems (the context's collection) */
    lineItemUrl: text('line_item_url'),
    lineItemsUrl: text('line_items_url'),
    /** set while one score send creates the line item through line_items_url (the others wait for it) */
    lineItemClaimedAt: timestamp('line_item_claimed_at', { withTimezone: true }),
    agsScopes: text('ags_scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** NRPS claim: context_memberships_url */
    membershipsUrl: text('memberships_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lti_resource_links_deployment_link_unique').on(t.deploymentId, t.resourceLinkId),
    index('lti_resource_links_assignment_idx').on(t.assignmentId),
    index('lti_resource_links_activity_idx').on(t.activityId),
    index('lti_resource_links_assignment_set_idx').on(t.assignmentSetId),
    index('lti_resource_links_class_idx').on(t.classId),
  ],
);

// A third-party initiated login in flight (issue 18 item 3): the state and nonce Aula sent to the platform's OIDC
// auth URL, both stored only as sha256 hashes, single use, expiring (LTI_LAUNCH_STATE_TTL_MINUTES), as sso_states.
export const ltiLaunchStates = pgTable(
  'lti_launch_states',
  {
    stateHash: text('state_hash').primaryKey(),
    nonceHash: text('nonce_hash').notNull(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    /** the lti_deployment_id the login named, when it named one (the id_token must carry the same) */
    deploymentHint: text('deployment_hint'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lti_launch_states_expires_idx').on(t.expiresAt)],
);

// A verified launch (issue 18 items 3-4): who it signs in, to which app and page, through which deployment. The
// browser gets a one-time handoff value (stored hashed, minutes) that the app trades for a session
// (POST /{app}/auth/oauth/3). A deep-linking launch also keeps the platform's deep_linking_settings for the picker,
// which answers once (responded_at).
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: serial('id').primaryKey(),
    handoffHash: text('handoff_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deploymentId: integer('deployment_id')
      .notNull()
      .references(() => ltiDeployments.id, { onDelete: 'cascade' }),
    /** 'student' | 'dashboard' */
    scope: text('scope').notNull(),
    /** LtiResourceLinkRequest | LtiDeepLinkingRequest */
    messageType: text('message_type').notNull(),
    /** the path in the app the launch opens */
    targetPath: text('target_path').notNull(),
    /** deep linking: the platform's deep_linking_settings claim (deep_link_return_url, data, accept_*) */
    deepLinking: jsonb('deep_linking').$type<Record<string, unknown>>(),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }).notNull(),
    /** the picker may answer until then (deep linking only) */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_launches_handoff_unique').on(t.handoffHash),
    index('lti_launches_user_idx').on(t.userId),
    check('lti_launches_scope_check', sql`${t.scope} in ('student', 'dashboard')`),
  ],
);

// Assignment and Grade Services (issue 18 item 5; docs/lti.md): the score of one student on one resource link, as
// it goes back to the platform's line item. One row per link + student holding the latest score; a new score bumps
// `revision` and sets it pending again. The send job marks it sent, or failed once its retries are spent.
export const ltiScoreSends = pgTable(
  'lti_score_sends',
  {
    id: serial('id').primaryKey(),
    resourceLinkId: integer('resource_link_id')
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    scoreGiven: doublePrecision('score_given').notNull(),
    scoreMaximum: doublePrecision('score_maximum').notNull(),
    /** AGS activityProgress: InProgress | Completed */
    activityProgress: text('activity_progress').notNull(),
    /** AGS gradingProgress: FullyGraded | Pending | PendingManual */
    gradingProgress: text('grading_progress').notNull(),
    /** when the score was given (the score's `timestamp`) */
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull(),
    /** bumped by every new score; a send only marks the revision it sent */
    revision: integer('revision').notNull().default(1),
    /** HTTP tries of the current revision */
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lti_score_sends_link_student_unique').on(t.resourceLinkId, t.studentId),
    index('lti_score_sends_assignment_idx').on(t.assignmentId),
    check('lti_score_sends_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
