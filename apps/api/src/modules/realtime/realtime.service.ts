import { canJoinChannel, parseChannel, type ChannelSubject } from '@aula/domain/realtime';
import type { AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError } from '../../lib/errors';
import { findAssignment } from '../assignments/assignments.repo';
import { reachOf } from '../assignments/assignments.service';
import { listAccountIdsOfDomain } from './realtime.repo';

/** The accounts whose channels a user may join: null means all (multi-domain staff). */
export async function accountIdsInReach(deps: Deps, auth: AuthContext): Promise<number[] | null> {
  const { user } = auth;
  if (user.domainId === null) return null;
  if (user.accountId === null) return listAccountIdsOfDomain(deps.db, user.domainId);
  return [user.accountId];
}

/** What canJoinChannel needs to know about a caller; computed once per socket (or per auth request). */
export async function channelSubjectOf(deps: Deps, auth: AuthContext): Promise<ChannelSubject> {
  return {
    id: auth.user.id,
    role: auth.user.role,
    permissions: auth.permissions,
    policy: auth.policy,
    accountIds: await accountIdsInReach(deps, auth),
  };
}

/** True when the subject may join the named channel; unknown names are refused. */
export function mayJoin(subject: ChannelSubject, channelName: unknown): channelName is string {
  if (typeof channelName !== 'string') return false;
  const parsed = parseChannel(channelName);
  return !!parsed && canJoinChannel(subject, parsed);
}

/**
 * mayJoin, plus what needs the database: an assignment's channel only for staff who reach that assignment (the
 * assignments module's reach rule), so a teacher of another class never hears its students' progress.
 */
export async function mayJoinChannel(
  deps: Deps,
  auth: AuthContext,
  subject: ChannelSubject,
  channelName: unknown,
): Promise<boolean> {
  if (!mayJoin(subject, channelName)) return false;
  const parsed = parseChannel(channelName)!;
  if (parsed.kind === 'assignment') return !!(await findAssignment(deps.db, reachOf(auth), parsed.assignmentId));
  return true;
}

/**
 * The broadcast auth endpoint's rule (POST /auth/broadcast): the same check the socket server applies on subscribe,
 * for clients that ask over HTTP first. Refusal is a 403.
 */
export async function authorizeChannel(
  deps: Deps,
  auth: AuthContext,
  channelName: string,
): Promise<{ channel: string }> {
  const subject = await channelSubjectOf(deps, auth);
  if (!(await mayJoinChannel(deps, auth, subject, channelName))) throw new ForbiddenError();
  return { channel: channelName };
}
