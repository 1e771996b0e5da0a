import { z } from 'zod';

// LTI 1.3 launches and deep linking (issue 18 items 3-4; docs/lti.md): the claim names of the IMS specifications,
// the one role rule, and the picker's contracts. Pure; the API validates with these and the dashboard shows them.

export const LTI_VERSION = '1.3.0';
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  lis: 'https://purl.imsglobal.org/spec/lti/claim/lis',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMessage: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
} as const;

/** The custom parameters Aula puts on the resource links it returns by deep linking (and reads at launch). */
export const LTI_CUSTOM = {
  activityId: 'aula_activity_id',
  assignmentId: 'aula_assignment_id',
  assignmentSetId: 'aula_assignment_set_id',
} as const;

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';
// Context (membership) roles decide; institution roles only when the platform sends no context role.
const INSTRUCTOR_ROLES = [
  `${LIS}membership#Instructor`,
  `${LIS}membership#Administrator`,
  `${LIS}membership#ContentDeveloper`,
  `${LIS}membership/Instructor#TeachingAssistant`,
];
const LEARNER_ROLES = [`${LIS}membership#Learner`];
const INSTITUTION_INSTRUCTOR = [
  `${LIS}institution/person#Instructor`,
  `${LIS}institution/person#Faculty`,
  `${LIS}institution/person#Staff`,
  `${LIS}institution/person#Administrator`,
];
const INSTITUTION_LEARNER = [`${LIS}institution/person#Student`, `${LIS}institution/person#Learner`];

export type LtiSide = 'student' | 'dashboard';

/**
 * Which Aula side a launch's roles claim puts the user on: an instructor role (Instructor, Administrator,
 * ContentDeveloper, TeachingAssistant) opens the dashboard as staff, Learner the student app; null when the claim
 * names neither (refused). Instructor wins when both are present (a teacher previewing as a student).
 */
export function ltiSideOfRoles(roles: unknown): LtiSide | null {
  if (!Array.isArray(roles)) return null;
  const has = (list: string[]) => roles.some((r) => typeof r === 'string' && list.includes(r));
  if (has(INSTRUCTOR_ROLES)) return 'dashboard';
  if (has(LEARNER_ROLES)) return 'student';
  if (has(INSTITUTION_INSTRUCTOR)) return 'dashboard';
  if (has(INSTITUTION_LEARNER)) return 'student';
  return null;
}

/** The deep-linking picker's choice (POST /dashboard/lti/deep-linking/:id/response). */
export const ltiDeepLinkResponseSchema = z.object({
  activity_ids: z.array(z.number().int().positive()).max(50).default([]),
  /** whole assignment sets of the deployment's district (each one resource link, custom aula_assignment_set_id) */
  assignment_set_ids: z.array(z.number().int().positive()).max(50).default([]),
  /** each resource link's line item: the maximum score the LMS grade book shows */
  score_maximum: z.number().positive().max(10000).default(100),
});
export type LtiDeepLinkResponseInput = z.infer<typeof ltiDeepLinkResponseSchema>;

/** GET /dashboard/lti/deep-linking/:id: what the picker shows. */
export interface LtiDeepLinkPickerDto {
  id: number;
  platform: string;
  accept_multiple: boolean;
  title: string | null;
  activities: { id: number; title: string; shared: boolean }[];
  /** the district's assignment sets, with how many assignments each holds */
  assignment_sets: { id: number; name: string; assignments_count: number }[];
}

/** The auto-submitted form back to the platform. */
export interface LtiDeepLinkReplyDto {
  return_url: string;
  jwt: string;
}

/** POST /dashboard/assignment-sets/:id/lti (the spec's "create LTI"): an assignment of the set made for LMS links. */
export const ltiSetAssignmentCreateSchema = z
  .object({
    activity_id: z.number().int().positive(),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .strict();
export type LtiSetAssignmentCreateInput = z.infer<typeof ltiSetAssignmentCreateSchema>;

/** POST /dashboard/assignment-sets/:id/lti-link (the spec's "LTI link"): the whole set, or one of its assignments. */
export const ltiSetLinkSchema = z.object({ assignment_id: z.number().int().positive().optional() }).strict();
export type LtiSetLinkInput = z.infer<typeof ltiSetLinkSchema>;

/** What an instructor pastes into an LMS to add the link by hand (an LTI 1.3 external tool link). */
export interface LtiSetLinkDto {
  assignment_set_id: number;
  assignment_id: number | null;
  /** the tool's target link URI (the launch URL) */
  target_link_uri: string;
  /** the tool's OIDC login initiation URL */
  login_url: string;
  /** Aula's public key set URL */
  jwks_url: string;
  /** the link's custom parameters, and the same as the LMS's key=value text */
  custom: Record<string, string>;
  custom_text: string;
  /** the district's deployments: a pasted link launches through an active one */
  deployments: { id: number; name: string | null; deployment_id: string; platform_name: string; is_active: boolean }[];
}

/** The answer of "create LTI": the new assignment and its link. */
export interface LtiSetAssignmentDto {
  assignment: { id: number; name: string; activity_id: number; assignment_set_id: number };
  link: LtiSetLinkDto;
}
