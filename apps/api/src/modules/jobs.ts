import type { JobDefinition } from '../lib/jobs';
import { sendEmailJob } from './mail/mail.jobs';
import { runUserTaskJob } from './user-tasks/user-tasks.jobs';
import { publishScheduledJob } from './screens/screens.jobs';
import { cloneBulkJob } from './activities/activity-copy.jobs';
import { materialisePlansJob } from './pas-plans/pas-plans.jobs';
import { rosterApplyJob, rosterStageJob } from './rostering/queue/queue.jobs';
import { rosterSourceImportJob, rosterSourcesTickJob } from './rostering/sources/sources.jobs';
import { ltiAgsSendJob, ltiAgsSyncJob } from './lti/ags.jobs';

/** Every job definition of every module; the worker consumes them all. A new job adds one line here. */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  sendEmailJob,
  runUserTaskJob,
  publishScheduledJob,
  cloneBulkJob,
  materialisePlansJob,
  rosterStageJob,
  rosterApplyJob,
  rosterSourceImportJob,
  rosterSourcesTickJob,
  ltiAgsSyncJob,
  ltiAgsSendJob,
] as JobDefinition[];
