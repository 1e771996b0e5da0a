import type { Catalog } from './en';
import { validation } from './uk/validation';
import { fields } from './uk/fields';
import { auth } from './uk/auth';
import { sso } from './uk/sso';
import { errors } from './uk/errors';
import { activityCopy } from './uk/activity-copy';
import { notifications } from './uk/notifications';
import { common } from './uk/common';
import { dashboard } from './uk/dashboard';
import { student } from './uk/student';
import { activity } from './uk/activity';
import { activityMedia } from './uk/activity-media';
import { classes } from './uk/classes';
import { groups } from './uk/groups';
import { people } from './uk/people';
import { academicSessions } from './uk/academic-sessions';
import { emails } from './uk/emails';
import { products } from './uk/products';
import { assignments } from './uk/assignments';
import { pasPlans } from './uk/pas-plans';
import { answers } from './uk/answers';
import { studentWork } from './uk/student-work';
import { attempts } from './uk/attempts';
import { review } from './uk/review';
import { domains } from './uk/domains';
import { technology } from './uk/technology';
import { staff } from './uk/staff';
import { summaries } from './uk/summaries';
import { accounts } from './uk/accounts';
import { organizations } from './uk/organizations';
import { roles } from './uk/roles';
import { morePages } from './uk/more-pages';
import { scopedLists, sensors, workers } from './uk/sensors';
import { search, simulations } from './uk/simulations';
import { guides } from './uk/guides';
import { rosterQueue } from './uk/roster-queue';
import { rosterValidation } from './uk/rostering';
import { rosteringSources } from './uk/rostering-sources';
import { ssoSettings } from './uk/sso-settings';
import { rosterUi } from './uk/rostering-ui';
import { lti } from './uk/lti';
import { ltiServices } from './uk/lti-services';
export const uk: Catalog = {
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
