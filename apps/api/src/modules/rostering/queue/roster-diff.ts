import type { RosterChangeAction, RosterEntityType } from '@aula/domain/roster-queue';
import type { RosterSnapshot } from '@aula/domain/rostering';
import type { ExistingRecord, FieldValue } from './roster-existing.repo';

// One entity type's diff: what the snapshot's rows would create, update (field old -> new) and disable.

export interface DesiredRecord {
  sourcedId: string;
  label: string;
  remove: boolean;
  fields: Record<string, FieldValue>;
}

export interface Candidate {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  username: string | null;
}

export interface PlannedChange {
  entity: RosterEntityType;
  action: RosterChangeAction;
  sourcedId: string;
  label: string;
  targetId: number | null;
  /** create: the new fields; update: { field: { old, new } }; skip: { reason } */
  changes: Record<string, unknown>;
  candidates: Candidate[] | null;
  /** the fields to write (create and update) */
  fields: Record<string, FieldValue>;
}

export type PlanSummary = Record<RosterEntityType, Record<RosterChangeAction, number>>;

/** Diff of one entity type. */
export function diffEntity(
  entity: RosterEntityType,
  existing: ExistingRecord[],
  desired: DesiredRecord[],
  mode: RosterSnapshot['mode'],
): PlannedChange[] {
  const bySourcedId = new Map(existing.map((e) => [e.sourcedId, e]));
  const seen = new Set<string>();
  const out: PlannedChange[] = [];
  const base = { entity, candidates: null };
  for (const d of desired) {
    seen.add(d.sourcedId);
    const e = bySourcedId.get(d.sourcedId);
    if (d.remove) {
      if (e?.live)
        out.push({
          ...base,
          action: 'disable',
          sourcedId: d.sourcedId,
          label: d.label,
          targetId: e.id,
          changes: {},
          fields: {},
        });
      continue;
    }
    if (!e) {
      out.push({
        ...base,
        action: 'create',
        sourcedId: d.sourcedId,
        label: d.label,
        targetId: null,
        changes: d.fields,
        fields: d.fields,
      });
      continue;
    }
    const changed: Record<string, { old: FieldValue; new: FieldValue }> = {};
    for (const [k, v] of Object.entries(d.fields)) {
      const old = e.fields[k] ?? null;
      if (old !== v) changed[k] = { old, new: v };
    }
    if (Object.keys(changed).length > 0)
      out.push({
        ...base,
        action: 'update',
        sourcedId: d.sourcedId,
        label: d.label,
        targetId: e.id,
        changes: changed,
        fields: d.fields,
      });
  }
  if (mode === 'bulk') {
    for (const e of existing) {
      if (!e.live || seen.has(e.sourcedId)) continue;
      const label = String(
        e.fields.name ??
          e.fields.title ??
          [e.fields.first_name, e.fields.last_name].filter(Boolean).join(' ') ??
          e.sourcedId,
      );
      out.push({
        ...base,
        action: 'disable',
        sourcedId: e.sourcedId,
        label: label || e.sourcedId,
        targetId: e.id,
        changes: {},
        fields: {},
      });
    }
  }
  return out;
}

export function summarise(changes: PlannedChange[]): PlanSummary {
  const zero = () => ({ create: 0, update: 0, disable: 0, possible_match: 0, skip: 0 });
  const summary: PlanSummary = {
    orgs: zero(),
    academicSessions: zero(),
    courses: zero(),
    classes: zero(),
    users: zero(),
    enrollments: zero(),
  };
  for (const c of changes) summary[c.entity][c.action] += 1;
  return summary;
}

/** Changes that write something (possible matches and skipped rows do not). */
export const isWrite = (c: PlannedChange) => c.action === 'create' || c.action === 'update' || c.action === 'disable';
