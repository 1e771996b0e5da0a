import type { Catalog } from './en';
import { validation } from './es/validation';
import { fields } from './es/fields';
import { auth } from './es/auth';
import { sso } from './es/sso';
import { errors } from './es/errors';
import { activityCopy } from './es/activity-copy';
import { notifications } from './es/notifications';
import { common } from './es/common';
import { dashboard } from './es/dashboard';
import { student } from './es/student';
import { activity } from './es/activity';
import { activityMedia } from './es/activity-media';
import { classes } from './es/classes';
import { groups } from './es/groups';
import { people } from './es/people';
import { academicSessions } from './es/academic-sessions';
import { emails } from './es/emails';
import { products } from './es/products';
import { assignments } from './es/assignments';
import { pasPlans } from './es/pas-plans';
import { answers } from './es/answers';
import { studentWork } from './es/student-work';
import { attempts } from './es/attempts';
import { review } from './es/review';
import { domains } from './es/domains';
import { technology } from './es/technology';
import { staff } from './es/staff';
import { summaries } from './es/summaries';
import { accounts } from './es/accounts';
import { organizations } from './es/organizations';
import { roles } from './es/roles';
import { morePages } from './es/more-pages';
import { scopedLists, sensors, workers } from './es/sensors';
import { search, simulations } from './es/simulations';
import { guides } from './es/guides';
import { rosterQueue } from './es/roster-queue';
import { rosterValidation } from './es/rostering';
import { rosteringSources } from './es/rostering-sources';
import { ssoSettings } from './es/sso-settings';
import { rosterUi } from './es/rostering-ui';
import { lti } from './es/lti';
import { ltiServices } from './es/lti-services';
export const es: Catalog = {
  rosterQueue,
  validation,
  fields,
  auth,
  sso,
  errors,
  activityCopy,
  notifications,
  common,
  dashboard,
  student,
  activity,
  activityMedia,
  classes,
  groups,
  people,
  academicSessions,
  emails,
  products,
  assignments,
  pasPlans,
  answers,
  studentWork,
  attempts,
  review,
  domains,
  technology,
  staff,
  summaries,
  accounts,
  organizations,
  roles,
  morePages,
  sensors,
  simulations,
  search,
  workers,
  scopedLists,
  guides,
  rosterValidation,
  rosteringSources,
  ssoSettings,
  rosterUi,
  lti,
  ltiServices,
};
