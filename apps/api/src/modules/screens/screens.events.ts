import { channels } from '@aula/domain/realtime';
import type { Tx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { afterCommit } from '../realtime/after-commit';
import { listAccountIdsOfDomain } from '../realtime/realtime.repo';
import { activitiesOf } from './screens.repo';

/**
 * Publishes an activity event (screen linked, updated or unlinked; 002 section 7) after `tx` commits, to the account
 * channels of everyone who may read each activity: the owning account's channel, or every account channel of the
 * domain for a domain-shared activity. Domain admins and provider staff reach those channels too.
 */
export async function publishActivityEvent(
  deps: Deps,
  tx: Tx,
  event: string,
  items: readonly { activityId: number; payload: Record<string, unknown> }[],
): Promise<void> {
  const rows = await activitiesOf(tx, [...new Set(items.map((i) => i.activityId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const domainAccounts = new Map<number, number[]>();
  const out: { channel: string; payload: Record<string, unknown> }[] = [];
  for (const item of items) {
    const a = byId.get(item.activityId);
    if (!a) continue;
    let accountIds: number[];
    if (a.accountId !== null) accountIds = [a.accountId];
    else {
      accountIds = domainAccounts.get(a.domainId) ?? (await listAccountIdsOfDomain(tx, a.domainId));
      domainAccounts.set(a.domainId, accountIds);
    }
    for (const id of accountIds)
      out.push({ channel: channels.account(id), payload: { activity_id: a.id, ...item.payload } });
  }
  afterCommit(deps, tx, () => {
    for (const o of out) deps.events.publish(o.channel, event, o.payload);
  });
}
