import type { Action, Resource } from '@aula/domain/permissions';
import { routePaths } from './route-paths';
import {
  home,
  comingSoon,
  rosterHistory,
  rosterReview,
  ltiKeys,
  ltiPlatforms,
  ltiPlatformCreate,
  ltiPlatformEdit,
  ltiDeployments,
  ltiDeploymentCreate,
  ltiDeploymentEdit,
  ltiDeepLinking,
  settings,
  content,
  activities,
  library,
  activityBuilder,
  scopedActivities,
  activityView,
  activityPreview,
  activityPreviewIndex,
  pasPlans,
  pasWizard,
  pasAssign,
  pasClassAssignments,
  pasClassStudents,
  pasOverview,
  noPermission,
  classesPage,
  classSummary,
  classSettings,
  classLabGroups,
  groupsPage,
  groupCreate,
  groupUpdate,
  groupSummary,
  scopedClasses,
  scopedGroups,
  students,
  studentProfile,
  studentProfilePicker,
  studentActivities,
  teachers,
  teacherProfile,
  admins,
  staffList,
  users,
  userCreate,
  userEdit,
  academicSessions,
  academicSessionCreate,
  emails,
  email,
  products,
  productForm,
  domainsList,
  myDomain,
  domainCreate,
  domainEdit,
  techSettings,
  platformStatus,
  accountsList,
  accountCreate,
  accountEdit,
  accountSettings,
  ssoSettings,
  accountOptions,
  accountDelete,
  organizationsPage,
  organizationPage,
  organizationCreate,
  organizationEdit,
  roles,
  roleIndex,
  roleCreate,
  roleEdit,
  assign,
  assignmentList,
  assignmentView,
  studentWork,
  studentView,
  gradeAnswers,
  labGroups,
  assignmentSets,
  assignmentSetView,
  assignmentLtiSetView,
  accountPage,
  summaryPage,
  activityIndex,
  assignmentIndex,
  activityArchive,
  labGroupsIndex,
  pasLabGroups,
  pasStudents,
  sensorsList,
  rosterValidation,
  sensorCreate,
  sensorEdit,
  guidesList,
  guideCreate,
  guideEdit,
  rosterSources,
  workerServers,
  simulationsList,
  searchResults,
  searchDetails,
  type PageLoader,
} from './route-pages';

export type { PageLoader } from './route-pages';

// The dashboard's one table of signed-in routes (001 section 2): path pattern -> the resource and actions it needs
// -> the page. A later issue builds a page by setting `page` on its rows; until then the row shows Coming soon.
// Only types come from @aula/domain here: its runtime (zod schemas) loads with the guard, after sign-in.

export interface RouteDef {
  /** React Router pattern; `:name` parameters listed in ID_PARAMS must be 1 to 9 digits. */
  path: string;
  /** null: every signed-in user may open it (their own settings, help, the status pages). */
  resource: Resource | null;
  /** Every action is required (001 section 6); the default is view. */
  actions: readonly Action[];
  /** Loaded on demand; without it the route shows the Coming soon page. */
  page?: PageLoader;
}

// 001 section 2, route parameters: the ids read after organizations/, accounts/, classes/, students/,
// student-profile/, teachers/, teacher-profile/, groups/ (also groups/update/), pas/ and pas-assignments/.
export const ID_PARAMS = [
  'orgId',
  'accountId',
  'classId',
  'studentId',
  'studentProfileId',
  'teacherId',
  'teacherProfileId',
  'groupId',
  'pasId',
] as const;
export const ID_PATTERN = /^\d{1,9}$/;

/** The id parameter each scoping segment carries ('admins' ids are not among the spec's numeric ones). */
const SCOPE_PARAM = {
  accounts: 'accountId',
  organizations: 'orgId',
  classes: 'classId',
  teachers: 'teacherId',
  admins: 'adminId',
  students: 'studentId',
  groups: 'groupId',
} as const;
type Scope = keyof typeof SCOPE_PARAM;

/** 001 section 2: path prefixes starting with * match under these. */
export const STAR_SCOPES = ['classes', 'teachers', 'admins', 'students', 'organizations', 'groups'] as const;

const STAR_LIST_RESOURCE: Record<(typeof STAR_SCOPES)[number], Resource> = {
  classes: 'class',
  teachers: 'teacher',
  admins: 'user',
  students: 'student',
  organizations: 'organization',
  groups: 'group',
};

const VIEW: readonly Action[] = ['view'];
const CREATE: readonly Action[] = ['view', 'create'];
const UPDATE: readonly Action[] = ['view', 'update'];
const DELETE: readonly Action[] = ['view', 'delete'];

function route(
  path: string,
  resource: Resource | null,
  actions: readonly Action[] = VIEW,
  page?: PageLoader,
): RouteDef {
  return page ? { path, resource, actions, page } : { path, resource, actions };
}

function withPage(rows: RouteDef[], page: PageLoader): RouteDef[] {
  return rows.map((r) => ({ ...r, page }));
}

function scopePrefix(scope: Scope): string {
  return `/${scope}/:${SCOPE_PARAM[scope]}`;
}

/** `tail` under each scope: /{scope}/{id}{tail}. */
function under(
  scopes: readonly Scope[],
  tail: string,
  resource: Resource,
  actions: readonly Action[] = VIEW,
): RouteDef[] {
  return scopes.map((scope) => route(`${scopePrefix(scope)}${tail}`, resource, actions));
}

// '*/{list}' (001 section 2): the lists of classes, teachers, admins, students, organizations and groups under
// another of those scopes or an account (e.g. /teachers/3/classes, /accounts/1/classes). An account-context user
// reaches a scoped list through their account (/accounts/1/teachers/3/classes): without the account in the URL the
// context rule sends them home, so each scoped list also exists under /accounts/{accountId}.
function starLists(): RouteDef[] {
  const out: RouteDef[] = [];
  for (const list of STAR_SCOPES) {
    const resource = STAR_LIST_RESOURCE[list];
    const page = (scope: Scope) => starListPage(list, scope);
    out.push(route(`${scopePrefix('accounts')}/${list}`, resource, VIEW, page('accounts')));
    for (const scope of STAR_SCOPES) {
      if (scope === list) continue;
      out.push(route(`${scopePrefix(scope)}/${list}`, resource, VIEW, page(scope)));
      out.push(route(`${scopePrefix('accounts')}${scopePrefix(scope)}/${list}`, resource, VIEW, page(scope)));
    }
  }
  return out;
}

// issue 15, accounts (docs/accounts.md)

// The scoped lists that have a page (the rest show Coming soon): students under an account, school, class,
// teacher or group; teachers under every scope (under an admin: the admin's schools' teachers); admins under every
// scope (under a class, teacher, student or group: its schools' administrators); students, classes and groups under
// every scope (under an admin: the admin's schools'); schools under every scope (a class's school, a person's
// schools, a group's schools).
const STAR_LIST_PAGES: Partial<Record<(typeof STAR_SCOPES)[number], { page: PageLoader; under: readonly Scope[] }>> = {
  students: { page: students, under: ['accounts', 'organizations', 'classes', 'teachers', 'groups', 'admins'] },
  teachers: { page: teachers, under: ['accounts', 'organizations', 'classes', 'students', 'groups', 'admins'] },
  admins: { page: admins, under: ['accounts', 'organizations', 'classes', 'teachers', 'students', 'groups'] },
  classes: { page: scopedClasses, under: ['accounts', 'organizations', 'teachers', 'students', 'groups', 'admins'] },
  groups: { page: scopedGroups, under: ['accounts', 'organizations', 'classes', 'teachers', 'students', 'admins'] },
  organizations: {
    page: organizationsPage,
    under: ['accounts', 'classes', 'teachers', 'admins', 'students', 'groups'],
  },
};

function starListPage(list: (typeof STAR_SCOPES)[number], scope: Scope): PageLoader | undefined {
  const entry = STAR_LIST_PAGES[list];
  return entry?.under.includes(scope) ? entry.page : undefined;
}

const ASSIGN_SCOPES: readonly Scope[] = [
  'accounts',
  'classes',
  'students',
  'teachers',
  'admins',
  'organizations',
  'groups',
];

/** Every signed-in route, grouped as in 001 section 2's route table by resource. */
export const ROUTES: readonly (RouteDef & { page: PageLoader })[] = [
  route(routePaths.home, 'main', VIEW, home),
  route(routePaths.noPermissions, null, VIEW, noPermission),
  route(routePaths.comingSoon, null),
  route('/search-results', 'main', VIEW, searchResults),
  route('/details', 'main', VIEW, searchDetails),
  route('/settings', null, VIEW, settings),
  route('/settings/:section', null, VIEW, settings),
  route('/profile', null),
  route('/help', null),
  route('/support', null),

  // Accounts
  route('/accounts', 'account', VIEW, accountsList),
  route('/accounts/:accountId', 'account', VIEW, accountPage),
  route('/accounts/:accountId/settings', 'account', UPDATE, accountSettings),
  route('/accounts/:accountId/options', 'account', UPDATE, accountOptions),
  // issue 17: the district's SSO provider settings, linked from the options' Single sign-on switch
  route('/accounts/:accountId/sso-providers', 'account', VIEW, ssoSettings),
  route('/accounts/:accountId/delete', 'account', DELETE, accountDelete),
  route('/accounts/:accountId/delete-data', 'account', DELETE),
  route('/accounts/:accountId/anonymize', 'account', DELETE),
  route('/create-account', 'account', CREATE, accountCreate),
  route('/edit-account', 'account', UPDATE, accountEdit),
  route('/edit-account/:accountId', 'account', UPDATE, accountEdit),
  route('/options', 'account', UPDATE, accountOptions),
  route('/sso-providers', 'account', VIEW, ssoSettings),
  route('/delete', 'account', DELETE, accountDelete),
  route('/delete-data', 'account', DELETE),
  route('/anonymize', 'account', DELETE),
  route('/demo-accounts', 'account'),
  route('/merge-accounts', 'account', UPDATE),
  route('/create-merge-account', 'account', CREATE),

  // Academic sessions: list and create under an account
  route('/academic-sessions', 'academic-session', VIEW, academicSessions),
  route('/accounts/:accountId/academic-sessions', 'academic-session', VIEW, academicSessions),
  route('/accounts/:accountId/academic-sessions/create', 'academic-session', CREATE, academicSessionCreate),

  // Activities and the activity builder
  // /activities is the published library for everyone (browse, preview, assign); /activity-builder the authoring list
  route('/activities', 'activity', VIEW, library),
  ...under(['accounts', 'teachers', 'admins', 'organizations'], '/activities', 'activity').map((r) => ({
    ...r,
    page: scopedActivities,
  })),
  route('/archive', 'activity', VIEW, activityArchive),
  // issue 14: the landing page of the content areas the user may open (config/content-areas.ts)
  route('/content', 'activity', VIEW, content),
  route('/activity', 'activity', VIEW, activityIndex),
  route('/activity/view/:activityId', 'activity', VIEW, activityView),
  route('/activity/preview', 'activity', VIEW, activityPreviewIndex),
  route('/activity/preview/:activityId', 'activity', VIEW, activityPreview),
  route('/activity-builder', 'activity-builder', VIEW, activities),
  route('/activity-builder/:activityId', 'activity-builder', UPDATE, activityBuilder),
  route('/activity-builder/:activityId/:screenId', 'activity-builder', UPDATE, activityBuilder),

  // Assignments and assignment sets
  route('/assign', 'assignment', CREATE, assign),
  ...withPage(under(ASSIGN_SCOPES, '/assign', 'assignment', CREATE), assign),
  // editing outside any scope (the list under /assignments links here)
  route('/assign/:assignmentId', 'assignment', UPDATE, assign),
  ...withPage(under(ASSIGN_SCOPES, '/assign/:assignmentId', 'assignment', UPDATE), assign),
  route('/assignment-set/:assignmentSetId/assign', 'assignment', CREATE, assign),
  route('/assignment', 'assignment', VIEW, assignmentIndex),
  route('/assignment/view/:assignmentId', 'assignment', VIEW, assignmentView),
  route('/assignment/view/:assignmentId/lab-groups', 'assignment', VIEW, labGroups),
  // issue 6, 001 section 7: a student's work (teacher review), what the student sees (student preview) and one
  // screen's answers across students; scoring on them needs update, which the pages check with can()
  route('/assignment/view/:assignmentId/students/:studentId', 'assignment', VIEW, studentWork),
  route('/assignment/view/:assignmentId/students/:studentId/student-view', 'assignment', VIEW, studentView),
  route('/assignment/view/:assignmentId/grade-answers', 'assignment', VIEW, gradeAnswers),
  ...withPage(under(ASSIGN_SCOPES, '/assignment/view/:assignmentId', 'assignment'), assignmentView),
  route('/assignments', 'assignment', VIEW, assignmentList),
  ...withPage(
    under(
      ['accounts', 'classes', 'students', 'groups', 'teachers', 'admins', 'organizations'],
      '/assignments',
      'assignment',
    ),
    assignmentList,
  ),
  route('/assignment-set', 'assignment-set', VIEW, assignmentSets),
  route('/assignment-set/view/:assignmentSetId', 'assignment-set', VIEW, assignmentSetView),
  // the sets' list is shared; a set's LTI view gives its links for the LMS (and is where set launches land)
  route('/assignment-lti-set', 'assignment-set', VIEW, assignmentSets),
  route('/assignment-lti-set/view/:assignmentSetId', 'assignment-set', VIEW, assignmentLtiSetView),
  route('/resource', 'assignment'),

  // Classes
  route('/classes', 'class', VIEW, classesPage),
  route('/classes/:classId', 'class', VIEW, classSummary),
  route('/classes/:classId/settings', 'class', UPDATE, classSettings),
  route('/classes/:classId/lab-groups', 'class', VIEW, classLabGroups),
  route('/classes/:classId/students/:studentId', 'student', VIEW, studentProfile),
  route('/lab-groups', 'class', VIEW, labGroupsIndex),

  // Scoped lists ('*' prefixes)
  ...starLists(),

  // Domains, events, games
  route('/domains', 'domain', VIEW, domainsList),
  route('/domain', 'domain', VIEW, myDomain),
  route('/domain/create', 'domain', CREATE, domainCreate),
  route('/domain/:domainId', 'domain', UPDATE, domainEdit),
  route('/events', 'event'),
  route('/games', 'game'),
  route('/game', 'game'),
  route('/game/:gameId', 'game', UPDATE),
  route('/classes/:classId/games', 'game'),
  route('/classes/:classId/game/:gameId', 'game'),
  route('/planetary-missions', 'game'),

  // Groups
  route('/groups', 'group', VIEW, groupsPage),
  route('/groups/create', 'group', CREATE, groupCreate),
  route('/groups/update/:groupId', 'group', UPDATE, groupUpdate),
  route('/groups/:groupId', 'group', VIEW, groupSummary),

  // Guides, licences, LTI
  route('/guides', 'guide', VIEW, guidesList),
  route('/guide', 'guide', CREATE, guideCreate),
  route('/guide/:guideId', 'guide', UPDATE, guideEdit),
  route('/licenses', 'license'),
  route('/accounts/:accountId/licenses', 'license'),
  route('/license', 'license'),
  route('/license/create', 'license', CREATE),
  route('/license/:licenseId', 'license', UPDATE),
  route('/licenses-connect', 'license', UPDATE),
  route('/licenses-connected', 'license'),
  // issue 18: keys and platforms are provider staff's ('lti'), deployments also domain admins' ('lti-deployment');
  // the edit pages open for viewers too and are read only without update
  route('/lti-deployments', 'lti-deployment', VIEW, ltiDeployments),
  route('/lti-deployment', 'lti-deployment', VIEW, ltiDeployments),
  route('/lti-deployment/create', 'lti-deployment', CREATE, ltiDeploymentCreate),
  route('/lti-deployment/:deploymentId', 'lti-deployment', VIEW, ltiDeploymentEdit),
  route('/lti-keys', 'lti', VIEW, ltiKeys),
  route('/lti-platforms', 'lti', VIEW, ltiPlatforms),
  route('/lti-platform', 'lti', VIEW, ltiPlatforms),
  route('/lti-platform/:platformId', 'lti', VIEW, ltiPlatformEdit),
  route('/create-lti-platform', 'lti', CREATE, ltiPlatformCreate),
  // issue 18 item 4: the deep-linking picker of the instructor an LTI launch signed in (any staff; the API checks
  // that the request is theirs)
  route('/lti-deep-linking/:launchId', null, VIEW, ltiDeepLinking),

  // Rostering (OneRoster), organizations
  route('/one-roster-history', 'one-roster', VIEW, rosterHistory),
  route('/one-roster-review', 'one-roster', VIEW, rosterHistory),
  route('/one-roster-review/:queueId', 'one-roster', VIEW, rosterReview),
  // validation writes nothing: viewing OneRoster is enough (docs/rostering.md)
  route('/one-roster-validation', 'one-roster', VIEW, rosterValidation),
  route('/one-roster-sources', 'one-roster', VIEW, rosterSources),
  route('/organizations', 'organization', VIEW, organizationsPage),
  route('/organizations/:orgId', 'organization', VIEW, organizationPage),
  route('/organization', 'organization', VIEW, organizationsPage),
  // who may create or edit a school is canManageOrganizations (organization create/update, or update on the
  // account: district administrators run their schools); the form pages check it and show no-permission otherwise
  route('/organization/create', 'organization', VIEW, organizationCreate),
  route('/organization/:orgId', 'organization', VIEW, organizationEdit),

  // PAS plans
  route('/pas', 'pas-plan', VIEW, pasPlans),
  route('/pas/create', 'pas-plan', CREATE, pasWizard),
  route('/pas/:pasId', 'pas-plan', UPDATE, pasWizard),
  route('/pas/:pasId/assign', 'pas-plan', UPDATE, pasAssign),
  route('/pas/:pasId/lab-groups', 'pas-plan', VIEW, pasLabGroups),
  route('/pas/:pasId/classes/:classId/assignments', 'pas-plan', VIEW, pasClassAssignments),
  route('/pas/:pasId/classes/:classId/students', 'pas-plan', VIEW, pasClassStudents),
  route('/pas-assignments', 'pas-plan', VIEW, pasPlans),
  route('/pas-assignments/:pasId', 'pas-plan', VIEW, pasOverview),
  route('/pas-students', 'pas-plan', VIEW, pasStudents),

  // Products, reports, user tasks
  route('/products', 'product', VIEW, products),
  route('/create-product', 'product', CREATE, productForm),
  route('/report-builder', 'report-builder'),
  route('/report-manager', 'report-builder'),
  route('/summary', 'report', VIEW, summaryPage),
  route('/reports', 'report'),
  route('/reports-activities', 'report'),
  route('/reports-assignments', 'report'),
  route('/reports-lianalysis', 'report'),
  route('/reports-progress', 'report'),
  route('/reports-usage', 'report'),
  route('/user-tasks', 'user-task'),

  // Rewards, roles, sensors, simulations, standards
  route('/rewards', 'rewards'),
  route('/roles', 'role', VIEW, roles),
  route('/role', 'role', VIEW, roleIndex),
  route('/role/create', 'role', CREATE, roleCreate),
  route('/role/:roleId', 'role', UPDATE, roleEdit),
  route('/sensors', 'sensor', VIEW, sensorsList),
  route('/sensor', 'sensor', CREATE, sensorCreate),
  route('/sensor/:sensorId', 'sensor', UPDATE, sensorEdit),
  route('/simulations', 'simulation', VIEW, simulationsList),
  route('/standards', 'standard'),
  route('/standard', 'standard'),
  route('/standard/:standardId', 'standard', UPDATE),

  // Store
  route('/store-items', 'store'),
  route('/store-item', 'store'),
  route('/store-item/:itemId', 'store', UPDATE),
  route('/store-packages', 'store'),
  route('/store-package', 'store'),
  route('/store-package/:packageId', 'store', UPDATE),
  route('/store-feature-calendar', 'store'),
  route('/store-sale-calendar', 'store'),

  // Students and teachers
  route('/students', 'student', VIEW, students),
  route('/students/:studentId', 'student', VIEW, studentProfile),
  route('/student-profile', 'student', VIEW, studentProfilePicker),
  route('/student-profile/:studentProfileId', 'student', VIEW, studentProfile),
  route('/student-activities', 'student', VIEW, studentActivities),
  route('/teachers', 'teacher', VIEW, teachers),
  route('/teachers/:teacherId', 'teacher', VIEW, teacherProfile),
  route('/teacher-profile', 'teacher', VIEW, teacherProfile),
  route('/teacher-profile/:teacherProfileId', 'teacher', VIEW, teacherProfile),

  // Staff and users
  route('/admins', 'user', VIEW, admins),
  route('/staff', 'user', VIEW, staffList),
  route('/user', 'user', VIEW, users),
  // Teachers are the 'teacher' resource, other staff 'user' (role-grants.ts): a district administrator creates and
  // edits teachers with 'user' view only, so these pages check the role's own right and the grant ceiling themselves.
  route('/user/create', 'user', VIEW, userCreate),
  route('/user/:userId', 'user', VIEW, userEdit),

  // Super-admin placeholders and platform technology (technology is the super administrator's alone)
  route('/map', 'technology'),
  route('/calendar', 'technology'),
  route('/emails', 'technology', VIEW, emails),
  route('/emails/:emailId', 'technology', VIEW, email),
  route('/scheduling', 'technology'),
  route('/logs', 'technology'),
  route('/status', 'technology', VIEW, platformStatus),
  route('/tech-settings', 'technology', VIEW, techSettings),
  route('/worker-servers', 'technology', VIEW, workerServers),
].map((r) => ({ ...r, page: r.page ?? comingSoon }));

/** Whether a row still shows Coming soon (it has no page of its own yet). */
export const showsComingSoon = (def: RouteDef): boolean => def.page === comingSoon;
