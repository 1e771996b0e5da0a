import type { RosterQueueStatus } from '@aula/domain/rostering';
import { useT } from '@aula/web/lib/i18n.ts';
import { StatusTag } from '../../../components/status-tag';
import { statusTone } from '../lib/roster-status';

/** A queue item's status with the spec's label (002 section 4), translated. */
export function RosterStatusTag({ status }: { status: RosterQueueStatus }) {
  const t = useT();
  return <StatusTag tone={statusTone(status)}>{t(`rosterUi.statuses.${status}`)}</StatusTag>;
}
