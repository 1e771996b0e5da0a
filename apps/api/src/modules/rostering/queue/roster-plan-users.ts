import type { OneRosterUserRole, RosterSnapshot } from '@aula/domain/rostering';
import type { ExistingRecord, FieldValue, TakenIdentity } from './roster-existing.repo';
import { diffEntity, type Candidate, type DesiredRecord, type PlannedChange } from './roster-diff';
import type { LogEntry } from './queue.repo';

// Users of the plan. E-mail and username are unique across Aula, so a new user whose e-mail or username is already
// someone's is never created: when that someone is a user of this district without a sourcedId it is a possible
// match (listed in the review, never merged silently); anyone else's makes the row a skip with its reason logged.
// A matched user whose new e-mail or username is taken keeps the old one (a warning).

interface Ctx {
  accountId: number;
  existing: ExistingRecord[];
  taken: TakenIdentity[];
  schools: Set<string>;
  roleMap: Record<OneRosterUserRole, string | null>;
  warn: (file: string, column: string | null, message: string, level?: LogEntry['level']) => void;
}

const candidateOf = (t: TakenIdentity): Candidate => ({
  id: t.id,
  first_name: t.firstName,
  last_name: t.lastName,
  email: t.email,
  username: t.username,
});

export function planUsers(s: RosterSnapshot, ctx: Ctx): { changes: PlannedChange[]; kept: string[] } {
  const bySourcedId = new Map(ctx.existing.map((e) => [e.sourcedId, e]));
  const claims = new Map<string, string>();
  const takenById = new Map(ctx.taken.map((t) => [t.id, t]));
  for (const t of ctx.taken) {
    if (t.email) claims.set(`e:${t.email.toLowerCase()}`, `id:${t.id}`);
    if (t.username) claims.set(`u:${t.username.toLowerCase()}`, `id:${t.id}`);
  }
  const desired: DesiredRecord[] = [];
  const held: PlannedChange[] = [];
  for (const u of s.users) {
    const role = ctx.roleMap[u.role];
    const name = `${u.givenName} ${u.familyName}`;
    if (!role) {
      ctx.warn('users.csv', 'role', `User ${u.sourcedId} has the role ${u.role}, which Aula does not import; left out`);
      continue;
    }
    const fields: Record<string, FieldValue> = {
      first_name: u.givenName,
      middle_name: u.middleName,
      last_name: u.familyName,
      email: u.email,
      username: u.username || null,
      role,
      enabled: u.enabledUser,
      orgs: u.orgSourcedIds
        .filter((o) => ctx.schools.has(o))
        .sort()
        .join(','),
    };
    const remove = u.status === 'tobedeleted';
    const e = bySourcedId.get(u.sourcedId);
    if (remove) {
      desired.push({ sourcedId: u.sourcedId, label: name, remove, fields });
      continue;
    }
    const self = e ? `id:${e.id}` : `new:${u.sourcedId}`;
    const conflicts: string[] = [];
    for (const [prefix, column] of [
      ['e', 'email'],
      ['u', 'username'],
    ] as const) {
      const v = fields[column];
      if (typeof v !== 'string' || v === '') continue;
      const owner = claims.get(`${prefix}:${v.toLowerCase()}`);
      if (owner && owner !== self) conflicts.push(owner);
    }
    if (conflicts.length > 0 && e) {
      // keep what the matched user has; the rest of the row is still applied
      for (const column of ['email', 'username'] as const) {
        const v = fields[column];
        const owner = typeof v === 'string' ? claims.get(`${column[0]}:${v.toLowerCase()}`) : undefined;
        if (owner && owner !== self) {
          fields[column] = e.fields[column] ?? null;
          ctx.warn(
            'users.csv',
            column,
            `The ${column} of user ${u.sourcedId} belongs to another user; kept the old one`,
          );
        }
      }
    } else if (conflicts.length > 0) {
      const owners = [...new Set(conflicts)].map((o) =>
        o.startsWith('id:') ? takenById.get(Number(o.slice(3))) : undefined,
      );
      const matches = owners.filter(
        (t): t is TakenIdentity => !!t && t.accountId === ctx.accountId && t.sourcedId === null,
      );
      const base = { entity: 'users' as const, sourcedId: u.sourcedId, label: name, targetId: null, fields };
      if (matches.length > 0 && matches.length === owners.length) {
        held.push({ ...base, action: 'possible_match', changes: fields, candidates: matches.map(candidateOf) });
      } else {
        ctx.warn(
          'users.csv',
          'email',
          `The e-mail or username of user ${u.sourcedId} belongs to another user; left out`,
          'error',
        );
        held.push({ ...base, action: 'skip', changes: { reason: 'identity_taken' }, candidates: null });
      }
      continue;
    }
    for (const [prefix, column] of [
      ['e', 'email'],
      ['u', 'username'],
    ] as const) {
      const v = fields[column];
      if (typeof v === 'string' && v !== '') claims.set(`${prefix}:${v.toLowerCase()}`, self);
    }
    desired.push({ sourcedId: u.sourcedId, label: name, remove, fields });
  }
  const changes = [...diffEntity('users', ctx.existing, desired, s.mode), ...held];
  return { changes, kept: desired.filter((d) => !d.remove).map((d) => d.sourcedId) };
}
