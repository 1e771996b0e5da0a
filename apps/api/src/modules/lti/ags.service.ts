import {
  AGS_LINE_ITEM_MEDIA_TYPE,
  AGS_SEND_RETRY_LIMIT,
  AGS_SCOPES,
  AGS_SCORE_MEDIA_TYPE,
  type LtiScoreSendDto,
} from '@aula/domain/lti-services';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.repo';
import { reachableAssignment } from '../attempts/attempt-access';
import * as repo from './ags.repo';
import { linkScore } from './ags.scores';
import { LTI_AGS_SEND_JOB } from './ags.jobs-names';
import { PlatformServiceError, refusal, scoresUrl, serviceCall } from './platform-client';
import type { LtiResourceLinkRow } from './resource-links.repo';
import type { LtiPlatformRow } from './lti-platforms.repo';

// Assignment and Grade Services (issue 18 item 5; docs/lti.md). The sync job works out a student's score on every
// LTI link their work counts for and queues one send per changed score; the send job POSTs it to the line item
// (creating the line item first when the link has none), retried with backoff by the job queue until it is sent or
// its tries are spent (failed). The teacher sees each send on the assignment's review screen.

/** The sync job: scores of one student on the links covering one activity of an assignment. */
export async function syncScores(
  deps: Deps,
  work: { assignment_id: number; activity_id: number; student_id: number },
): Promise<void> {
  const links = await repo.coveringLinks(deps.db, work.assignment_id, work.activity_id);
  for (const { link, platform } of links) {
    // only students the platform knows (an LTI identity on it) have a score there
    if (!(await repo.studentSubject(deps.db, work.student_id, platform.issuer))) continue;
    const assignmentId = link.assignmentId ?? work.assignment_id;
    const score = await linkScore(
      deps,
      deps.db,
      { assignmentId, activityId: link.assignmentId === null ? work.activity_id : link.activityId },
      work.student_id,
    );
    if (!score) continue;
    const send = await repo.upsertScoreSend(deps.db, {
      resourceLinkId: link.id,
      studentId: work.student_id,
      assignmentId,
      ...score,
    });
    if (send) await deps.jobs.send(LTI_AGS_SEND_JOB, { send_id: send.id, revision: send.revision });
  }
}

/** The score body (AGS 2.0 section 3.4): no scoreGiven when nothing is scored (scoreMaximum must be positive). */
export function scoreBody(send: repo.LtiScoreSendRow, userId: string) {
  return {
    userId,
    ...(send.scoreMaximum > 0 ? { scoreGiven: send.scoreGiven, scoreMaximum: send.scoreMaximum } : {}),
    activityProgress: send.activityProgress,
    gradingProgress: send.gradingProgress,
    timestamp: send.scoredAt.toISOString(),
  };
}

const has = (link: LtiResourceLinkRow, scope: string) => link.agsScopes.includes(scope);

/** A claim on creating a line item older than this is taken to be abandoned (its worker died). */
const LINE_ITEM_CLAIM_SECONDS = 120;

/**
 * The link's line item: its own (from the launch), else one created through the line items URL. Creation is claimed
 * on the link row first, so two sends for one link never create two line items; a send that finds the claim taken
 * fails this try and is retried (by then the line item is there). No transaction is held over the platform call.
 */
async function lineItemOf(deps: Deps, platform: LtiPlatformRow, linkId: number, send: repo.LtiScoreSendRow) {
  const link = await repo.findLink(deps.db, linkId);
  if (!link) throw new PlatformServiceError('the LTI link no longer exists', null, true);
  if (link.lineItemUrl) return link;
  if (!link.lineItemsUrl) throw new PlatformServiceError('the link has no line item and no line items URL', null, true);
  if (!has(link, AGS_SCOPES.lineItem))
    throw new PlatformServiceError('the platform did not grant the lineitem scope', null, true);
  if (!(await repo.claimLineItem(deps.db, link.id, LINE_ITEM_CLAIM_SECONDS)))
    throw new PlatformServiceError('the line item is being created by another send');
  try {
    const res = await serviceCall(
      deps,
      platform,
      [AGS_SCOPES.lineItem],
      link.lineItemsUrl,
      {
        method: 'POST',
        headers: { 'content-type': AGS_LINE_ITEM_MEDIA_TYPE, accept: AGS_LINE_ITEM_MEDIA_TYPE },
        body: JSON.stringify({
          scoreMaximum: send.scoreMaximum > 0 ? send.scoreMaximum : 1,
          label: link.contextTitle ? `Aula: ${link.contextTitle}` : 'Aula',
          resourceLinkId: link.resourceLinkId,
          resourceId: `aula-link-${link.id}`,
          tag: 'aula',
        }),
      },
      'line item',
    );
    if (!res.ok) throw await refusal(res, 'line item');
    const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
    if (!body || typeof body.id !== 'string' || !/^https?:\/\//.test(body.id))
      throw new PlatformServiceError('line item: the platform answered without an id URL');
    await repo.setLineItemUrl(deps.db, link.id, body.id);
    return { ...link, lineItemUrl: body.id };
  } catch (err) {
    await repo.releaseLineItemClaim(deps.db, link.id);
    throw err;
  }
}

/**
 * The send job. Sends the send's current revision (a job of an older revision does nothing: a newer job follows).
 * On failure the error and the try are recorded and the job throws, so the queue retries it with backoff; the last
 * try marks the send failed. Failures a retry cannot mend (no identity, no line item URL) fail at once.
 */
export async function sendScore(
  deps: Deps,
  work: { send_id: number; revision: number },
  meta: { retryCount: number; retryLimit?: number },
): Promise<void> {
  const ctx = await repo.findSendContext(deps.db, work.send_id);
  if (!ctx || ctx.send.revision !== work.revision || ctx.send.status !== 'pending') return;
  const { send, platform } = ctx;
  const last = meta.retryCount >= (meta.retryLimit ?? AGS_SEND_RETRY_LIMIT);
  try {
    const subject = await repo.studentSubject(deps.db, send.studentId, platform.issuer);
    if (!subject) throw new PlatformServiceError('the student has no LTI identity on this platform', null, true);
    if (!has(ctx.link, AGS_SCOPES.score))
      throw new PlatformServiceError('the platform did not grant the score scope', null, true);
    const link = await lineItemOf(deps, platform, ctx.link.id, send);
    const res = await serviceCall(
      deps,
      platform,
      [AGS_SCOPES.score],
      scoresUrl(link.lineItemUrl!),
      {
        method: 'POST',
        headers: { 'content-type': AGS_SCORE_MEDIA_TYPE },
        body: JSON.stringify(scoreBody(send, subject)),
      },
      'score',
    );
    if (!res.ok) throw await refusal(res, 'score');
    await res.body?.cancel();
    await repo.recordTry(deps.db, send.id, send.revision, { status: 'sent', error: null });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const final = last || (err instanceof PlatformServiceError && err.permanent);
    await repo.recordTry(deps.db, send.id, send.revision, { status: final ? 'failed' : 'pending', error: message });
    if (!final) throw err;
    deps.log.warn({ send_id: send.id, err: message }, 'lti score send failed');
  }
}

function presentSend(r: Awaited<ReturnType<typeof repo.listSendsOfAssignment>>[number]): LtiScoreSendDto {
  const s = r.send;
  return {
    id: s.id,
    resource_link_id: s.resourceLinkId,
    context_title: r.contextTitle,
    platform_name: r.platformName,
    student_id: s.studentId,
    student_name: r.studentName,
    status: s.status as LtiScoreSendDto['status'],
    score_given: s.scoreGiven,
    score_maximum: s.scoreMaximum,
    activity_progress: s.activityProgress,
    grading_progress: s.gradingProgress,
    scored_at: s.scoredAt.toISOString(),
    tries: s.tries,
    last_error: s.lastError,
    sent_at: s.sentAt?.toISOString() ?? null,
  };
}

/** GET /dashboard/assignments/:id/lti-scores: the assignment's score sends, for those who reach the assignment. */
export async function listScoreSends(deps: Deps, auth: AuthContext, assignmentId: number): Promise<LtiScoreSendDto[]> {
  await reachableAssignment(deps.db, auth, assignmentId);
  return (await repo.listSendsOfAssignment(deps.db, assignmentId)).map(presentSend);
}

/** POST /dashboard/assignments/:id/lti-scores/:sendId/retry: a failed send gets a new round of tries. */
export async function retryScoreSend(
  deps: Deps,
  auth: AuthContext,
  assignmentId: number,
  sendId: number,
  ip: string,
): Promise<LtiScoreSendDto> {
  const assignment = await reachableAssignment(deps.db, auth, assignmentId);
  const current = (await repo.listSendsOfAssignment(deps.db, assignmentId)).find((r) => r.send.id === sendId);
  if (!current) throw new NotFoundError();
  const row = await repo.resetFailedSend(deps.db, sendId);
  if (!row) throw new ConflictError({ key: 'ltiServices.errors.scoreNotFailed' });
  await insertAuditEntry(deps.db, {
    actorUserId: auth.user.id,
    accountId: assignment.accountId,
    action: 'lti-score.retried',
    entityType: 'lti-score-send',
    entityId: sendId,
    subjectUserId: row.studentId,
    ip,
  });
  await deps.jobs.send(LTI_AGS_SEND_JOB, { send_id: row.id, revision: row.revision });
  return presentSend({ ...current, send: row });
}
