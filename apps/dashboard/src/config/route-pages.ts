import type { ComponentType } from 'react';

// Each page of the route table (routes.ts), loaded on demand: a row without one shows Coming soon.

export type PageLoader = () => Promise<ComponentType>;

export const home: PageLoader = () => import('../features/home/components/home-page').then((m) => m.HomePage);
export const comingSoon: PageLoader = () =>
  import('../features/public/components/coming-soon-page').then((m) => m.ComingSoonPage);
export const settings: PageLoader = () =>
  import('../features/settings/components/settings-page').then((m) => m.SettingsPage);
export const content: PageLoader = () =>
  import('../features/content/components/content-page').then((m) => m.ContentPage);
export const activities: PageLoader = () =>
  import('../features/activity-builder/components/activities-page').then((m) => m.ActivitiesPage);
export const library: PageLoader = () =>
  import('../features/activity-builder/components/activities-page').then((m) => m.LibraryPage);
export const activityBuilder: PageLoader = () =>
  import('../features/activity-builder/components/builder-page').then((m) => m.BuilderPage);
export const scopedActivities: PageLoader = () =>
  import('../features/activity-builder/components/activities-page').then((m) => m.ScopedActivitiesPage);
export const activityView: PageLoader = () =>
  import('../features/activity-builder/components/activity-view-page').then((m) => m.ActivityViewPage);
export const activityPreview: PageLoader = () =>
  import('../features/activity-builder/components/activity-preview-page').then((m) => m.ActivityPreviewPage);
export const activityPreviewIndex: PageLoader = () =>
  import('../features/activity-builder/components/activity-preview-page').then((m) => m.ActivityPreviewIndexPage);
export const pasPlans: PageLoader = () =>
  import('../features/pas-plans/components/plans-page').then((m) => m.PlansPage);
export const pasWizard: PageLoader = () =>
  import('../features/pas-plans/components/plan-wizard-page').then((m) => m.PlanWizardPage);
export const pasAssign: PageLoader = () =>
  import('../features/pas-plans/components/plan-assign-page').then((m) => m.PlanAssignPage);
export const pasClassAssignments: PageLoader = () =>
  import('../features/pas-plans/components/class-pages').then((m) => m.ClassAssignmentsPage);
export const pasClassStudents: PageLoader = () =>
  import('../features/pas-plans/components/class-pages').then((m) => m.ClassStudentsPage);
export const pasOverview: PageLoader = () =>
  import('../features/pas-plans/components/plan-overview-page').then((m) => m.PlanOverviewPage);
export const noPermission: PageLoader = () =>
  import('../components/no-permission-page').then((m) => m.NoPermissionPage);
export const classesPage: PageLoader = () =>
  import('../features/classes/components/classes-page').then((m) => m.ClassesPage);
export const classSummary: PageLoader = () =>
  import('../features/classes/components/class-summary-page').then((m) => m.ClassSummaryPage);
export const classSettings: PageLoader = () =>
  import('../features/classes/components/class-settings-page').then((m) => m.ClassSettingsPage);
export const classLabGroups: PageLoader = () =>
  import('../features/classes/components/lab-groups-page').then((m) => m.LabGroupsPage);
export const groupsPage: PageLoader = () =>
  import('../features/groups/components/groups-page').then((m) => m.GroupsPage);
export const groupCreate: PageLoader = () =>
  import('../features/groups/components/group-form-page').then((m) => m.CreateGroupPage);
export const groupUpdate: PageLoader = () =>
  import('../features/groups/components/group-form-page').then((m) => m.UpdateGroupPage);
export const groupSummary: PageLoader = () =>
  import('../features/groups/components/group-summary-page').then((m) => m.GroupSummaryPage);
export const scopedClasses: PageLoader = () =>
  import('../features/classes/components/classes-page').then((m) => m.ScopedClassesPage);
export const scopedGroups: PageLoader = () =>
  import('../features/groups/components/groups-page').then((m) => m.ScopedGroupsPage);
export const students: PageLoader = () =>
  import('../features/people/components/students-page').then((m) => m.StudentsPage);
export const studentProfile: PageLoader = () =>
  import('../features/people/components/student-profile-page').then((m) => m.StudentProfilePage);
export const studentProfilePicker: PageLoader = () =>
  import('../features/people/components/student-activities-page').then((m) => m.StudentProfilePickerPage);
export const studentActivities: PageLoader = () =>
  import('../features/people/components/student-activities-page').then((m) => m.StudentActivitiesPage);
export const teachers: PageLoader = () =>
  import('../features/people/components/teachers-page').then((m) => m.TeachersPage);
export const teacherProfile: PageLoader = () =>
  import('../features/people/components/teacher-profile-page').then((m) => m.TeacherProfilePage);
export const admins: PageLoader = () => import('../features/people/components/admins-page').then((m) => m.AdminsPage);
export const staffList: PageLoader = () => import('../features/staff/components/staff-page').then((m) => m.StaffPage);
export const users: PageLoader = () => import('../features/staff/components/users-page').then((m) => m.UsersPage);
export const userCreate: PageLoader = () =>
  import('../features/staff/components/user-create-page').then((m) => m.UserCreatePage);
export const userEdit: PageLoader = () =>
  import('../features/staff/components/user-edit-page').then((m) => m.UserEditPage);
export const academicSessions: PageLoader = () =>
  import('../features/academic-sessions/components/academic-sessions-page').then((m) => m.AcademicSessionsPage);
export const academicSessionCreate: PageLoader = () =>
  import('../features/academic-sessions/components/academic-session-create-page').then(
    (m) => m.AcademicSessionCreatePage,
  );
export const emails: PageLoader = () => import('../features/emails/components/emails-page').then((m) => m.EmailsPage);
export const email: PageLoader = () => import('../features/emails/components/email-page').then((m) => m.EmailPage);
export const products: PageLoader = () =>
  import('../features/products/components/products-page').then((m) => m.ProductsPage);
export const productForm: PageLoader = () =>
  import('../features/products/components/product-form-page').then((m) => m.ProductFormPage);
export const domainsList: PageLoader = () =>
  import('../features/domains/components/domains-page').then((m) => m.DomainsPage);
export const myDomain: PageLoader = () =>
  import('../features/domains/components/my-domain-page').then((m) => m.MyDomainPage);
export const domainCreate: PageLoader = () =>
  import('../features/domains/components/domain-form-page').then((m) => m.DomainCreatePage);
export const domainEdit: PageLoader = () =>
  import('../features/domains/components/domain-form-page').then((m) => m.DomainEditPage);
export const techSettings: PageLoader = () =>
  import('../features/technology/components/tech-settings-page').then((m) => m.TechSettingsPage);
export const platformStatus: PageLoader = () =>
  import('../features/technology/components/status-page').then((m) => m.StatusPage);
export const accountsList: PageLoader = () =>
  import('../features/accounts/components/accounts-page').then((m) => m.AccountsPage);
export const accountCreate: PageLoader = () =>
  import('../features/accounts/components/account-form-page').then((m) => m.CreateAccountPage);
export const accountEdit: PageLoader = () =>
  import('../features/accounts/components/account-form-page').then((m) => m.EditAccountPage);
export const accountSettings: PageLoader = () =>
  import('../features/accounts/components/account-settings-page').then((m) => m.AccountSettingsPage);
export const accountOptions: PageLoader = () =>
  import('../features/accounts/components/account-options-page').then((m) => m.AccountOptionsPage);
export const ssoSettings: PageLoader = () =>
  import('../features/sso-settings/components/sso-settings-page').then((m) => m.SsoSettingsPage);
export const accountDelete: PageLoader = () =>
  import('../features/accounts/components/account-delete-page').then((m) => m.AccountDeletePage);
export const organizationsPage: PageLoader = () =>
  import('../features/organizations/components/organizations-page').then((m) => m.OrganizationsPage);
export const organizationPage: PageLoader = () =>
  import('../features/organizations/components/organization-page').then((m) => m.OrganizationPage);
export const organizationCreate: PageLoader = () =>
  import('../features/organizations/components/organization-form-page').then((m) => m.CreateOrganizationPage);
export const organizationEdit: PageLoader = () =>
  import('../features/organizations/components/organization-form-page').then((m) => m.EditOrganizationPage);
export const roles: PageLoader = () => import('../features/roles/components/roles-page').then((m) => m.RolesPage);
export const roleIndex: PageLoader = () =>
  import('../features/roles/components/role-form-page').then((m) => m.RoleIndexPage);
export const roleCreate: PageLoader = () =>
  import('../features/roles/components/role-form-page').then((m) => m.CreateRolePage);
export const roleEdit: PageLoader = () =>
  import('../features/roles/components/role-form-page').then((m) => m.EditRolePage);
export const assign: PageLoader = () =>
  import('../features/assignments/components/assign-page').then((m) => m.AssignPage);
export const assignmentList: PageLoader = () =>
  import('../features/assignments/components/assignments-page').then((m) => m.AssignmentsPage);
export const assignmentView: PageLoader = () =>
  import('../features/assignments/components/assignment-view-page').then((m) => m.AssignmentViewPage);
export const studentWork: PageLoader = () =>
  import('../features/review/components/student-work-page').then((m) => m.StudentWorkPage);
export const studentView: PageLoader = () =>
  import('../features/review/components/student-work-page').then((m) => m.StudentViewPage);
export const gradeAnswers: PageLoader = () =>
  import('../features/review/components/grade-answers-page').then((m) => m.GradeAnswersPage);
export const labGroups: PageLoader = () =>
  import('../features/assignments/components/lab-groups-page').then((m) => m.LabGroupsPage);
export const assignmentSets: PageLoader = () =>
  import('../features/assignments/components/assignment-sets-page').then((m) => m.AssignmentSetsPage);
export const assignmentSetView: PageLoader = () =>
  import('../features/assignments/components/assignment-sets-page').then((m) => m.AssignmentSetViewPage);
export const assignmentLtiSetView: PageLoader = () =>
  import('../features/assignments/components/assignment-lti-set-page').then((m) => m.AssignmentLtiSetViewPage);
export const accountPage: PageLoader = () =>
  import('../features/summaries/components/account-page').then((m) => m.AccountPage);
export const summaryPage: PageLoader = () =>
  import('../features/summaries/components/summary-page').then((m) => m.SummaryPage);
export const activityIndex: PageLoader = () =>
  import('../components/list-redirects').then((m) => m.ActivityIndexRedirect);
export const assignmentIndex: PageLoader = () =>
  import('../components/list-redirects').then((m) => m.AssignmentIndexRedirect);
export const activityArchive: PageLoader = () =>
  import('../features/activity-builder/components/archive-page').then((m) => m.ArchivePage);
export const labGroupsIndex: PageLoader = () =>
  import('../features/classes/components/lab-groups-index-page').then((m) => m.LabGroupsIndexPage);
export const pasLabGroups: PageLoader = () =>
  import('../features/pas-plans/components/plan-classes-pages').then((m) => m.PlanLabGroupsPage);
export const pasStudents: PageLoader = () =>
  import('../features/pas-plans/components/plan-classes-pages').then((m) => m.PlanStudentsPage);
export const rosterValidation: PageLoader = () =>
  import('../features/rostering/validation-page').then((m) => m.RosterValidationPage);
export const sensorsList: PageLoader = () =>
  import('../features/sensors/components/sensors-page').then((m) => m.SensorsPage);
export const sensorCreate: PageLoader = () =>
  import('../features/sensors/components/sensor-form-page').then((m) => m.SensorCreatePage);
export const sensorEdit: PageLoader = () =>
  import('../features/sensors/components/sensor-form-page').then((m) => m.SensorEditPage);
export const guidesList: PageLoader = () =>
  import('../features/guides/components/guides-page').then((m) => m.GuidesPage);
export const guideCreate: PageLoader = () =>
  import('../features/guides/components/guide-form-page').then((m) => m.GuideCreatePage);
export const guideEdit: PageLoader = () =>
  import('../features/guides/components/guide-form-page').then((m) => m.GuideEditPage);
export const workerServers: PageLoader = () =>
  import('../features/workers/components/worker-servers-page').then((m) => m.WorkerServersPage);
export const simulationsList: PageLoader = () =>
  import('../features/simulations/components/simulations-page').then((m) => m.SimulationsPage);
export const searchResults: PageLoader = () =>
  import('../features/search/components/search-results-page').then((m) => m.SearchResultsPage);
export const searchDetails: PageLoader = () =>
  import('../features/search/components/details-page').then((m) => m.DetailsPage);
export const rosterSources: PageLoader = () =>
  import('../features/rostering/sources-page').then((m) => m.RosterSourcesPage);
export const rosterHistory: PageLoader = () =>
  import('../features/rostering/components/roster-history-page').then((m) => m.RosterHistoryPage);
export const rosterReview: PageLoader = () =>
  import('../features/rostering/components/roster-review-page').then((m) => m.RosterReviewPage);
export const ltiKeys: PageLoader = () => import('../features/lti/components/keys-page').then((m) => m.LtiKeysPage);
export const ltiPlatforms: PageLoader = () =>
  import('../features/lti/components/platforms-page').then((m) => m.LtiPlatformsPage);
export const ltiPlatformCreate: PageLoader = () =>
  import('../features/lti/components/platform-pages').then((m) => m.CreateLtiPlatformPage);
export const ltiPlatformEdit: PageLoader = () =>
  import('../features/lti/components/platform-pages').then((m) => m.EditLtiPlatformPage);
export const ltiDeployments: PageLoader = () =>
  import('../features/lti/components/deployments-page').then((m) => m.LtiDeploymentsPage);
export const ltiDeploymentCreate: PageLoader = () =>
  import('../features/lti/components/deployment-pages').then((m) => m.CreateLtiDeploymentPage);
export const ltiDeepLinking: PageLoader = () =>
  import('../features/lti/components/deep-linking-page').then((m) => m.LtiDeepLinkingPage);
export const ltiDeploymentEdit: PageLoader = () =>
  import('../features/lti/components/deployment-pages').then((m) => m.EditLtiDeploymentPage);
