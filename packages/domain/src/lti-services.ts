// LTI Advantage services Aula calls on a platform (issue 18 item 5; docs/lti.md): Assignment and Grade Services
// (scores back to the LMS line item) and Names and Role Provisioning Services (the course's members into the
// linked class). Wire names are snake_case.

export const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

export const AGS_SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const AGS_LINE_ITEM_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
export const AGS_LINE_ITEMS_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** A score send's state: waiting for (another) try, accepted by the platform, or given up after every retry. */
export const LTI_SCORE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type LtiScoreStatus = (typeof LTI_SCORE_STATUSES)[number];

/** AGS sends: retries after the first try (7 tries in all) and the first retry's delay; each next delay about doubles. */
export const AGS_SEND_RETRY_LIMIT = 6;
export const AGS_SEND_RETRY_DELAY_SECONDS = 30;

/** One student's score on one LTI link, as the teacher sees it on the assignment's review screen. */
export interface LtiScoreSendDto {
  id: number;
  resource_link_id: number;
  /** the LMS course title (the link's context) */
  context_title: string | null;
  platform_name: string;
  student_id: number;
  student_name: string;
  status: LtiScoreStatus;
  score_given: number;
  score_maximum: number;
  activity_progress: string;
  grading_progress: string;
  scored_at: string;
  tries: number;
  last_error: string | null;
  sent_at: string | null;
}

/** An LMS placement of Aula linked to a class (the class screen lists them, with the members import). */
export interface LtiResourceLinkDto {
  id: number;
  platform_name: string;
  context_id: string;
  context_title: string | null;
  class_id: number | null;
  assignment_id: number | null;
  activity_id: number | null;
  /** the platform gave a memberships URL: the members import is possible */
  has_memberships: boolean;
  has_line_item: boolean;
}

/** What a members import did: users created, matched to existing users, skipped (with why), enrolled in the class. */
export interface NrpsImportResult {
  created: number;
  matched: number;
  skipped: number;
  enrolled: number;
  skipped_members: { user_id: string; reason: 'role' | 'inactive' | 'other_district' | 'no_name' }[];
}
