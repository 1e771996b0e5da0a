import { describe, expect, it } from 'vitest';
import { buildPolicy, permissionsForUser, type Permission } from './permissions.ts';
import type { Role } from './roles.ts';
import {
  CONNECTION_STATES,
  NOTIFICATION_TYPES,
  REALTIME_EVENTS,
  canJoinChannel,
  channels,
  parseChannel,
  type ChannelSubject,
} from './realtime.ts';

const OWN_ACCOUNT = 10;
const OTHER_ACCOUNT = 20;
const SAME_DOMAIN_ACCOUNT = 11;

function subject(
  id: number,
  role: Role,
  accountIds: number[] | null,
  explicit: Permission[] | null = null,
): ChannelSubject {
  const permissions = permissionsForUser({ role, permissions: explicit });
  return { id, role, permissions, policy: buildPolicy(permissions, { multiDomain: accountIds === null }), accountIds };
}

// One subject per role bundle, plus the custom roles that unlock single channels.
const SUBJECTS = {
  superAdmin: subject(1, 'super-administrator', null),
  domainAdmin: subject(2, 'domain-administrator', [OWN_ACCOUNT, SAME_DOMAIN_ACCOUNT]),
  accountAdmin: subject(3, 'administrator', [OWN_ACCOUNT]),
  schoolAdmin: subject(4, 'school-administrator', [OWN_ACCOUNT]),
  teacher: subject(5, 'teacher', [OWN_ACCOUNT]),
  student: subject(6, 'student', [OWN_ACCOUNT]),
  productManager: subject(7, 'custom', [OWN_ACCOUNT], ['product-management']),
  standardManager: subject(8, 'custom', [OWN_ACCOUNT], ['standard-management']),
  rosterViewer: subject(9, 'custom', [OWN_ACCOUNT], ['roster-history-view']),
  // a custom role holding the super-admin bundle inside one domain is not provider staff
  domainBoundSuper: subject(12, 'custom', [OWN_ACCOUNT], ['role-super-admin']),
} as const;
type SubjectName = keyof typeof SUBJECTS;

const CHANNELS = {
  ownUser: (s: ChannelSubject) => channels.user(s.id),
  otherUser: () => channels.user(999),
  staff: () => channels.staff(),
  products: () => channels.products(),
  standards: () => channels.standards(),
  ownRoster: () => channels.roster(OWN_ACCOUNT),
  sameDomainRoster: () => channels.roster(SAME_DOMAIN_ACCOUNT),
  otherRoster: () => channels.roster(OTHER_ACCOUNT),
  ownAccount: () => channels.account(OWN_ACCOUNT),
  sameDomainAccount: () => channels.account(SAME_DOMAIN_ACCOUNT),
  otherAccount: () => channels.account(OTHER_ACCOUNT),
  // the API also checks that the assignment is in the user's reach (modules/realtime)
  assignment: () => channels.assignment(77),
} as const;
type ChannelName = keyof typeof CHANNELS;

// Written out by hand: 1 = may join, 0 = refused. Columns in CHANNELS order. Custom roles have no context rule, so
// (buildPolicy) account context is allowed and they may join their own account's channel.
const EXPECTED: Record<SubjectName, string> = {
  //               ownUser otherUser staff products standards ownRoster sdRoster otherRoster ownAcc sdAcc otherAcc assignment
  superAdmin: '1 0 1 1 1 1 1 1 1 1 1 1',
  domainAdmin: '1 0 0 1 0 1 1 0 1 1 0 1',
  accountAdmin: '1 0 0 0 0 1 0 0 1 0 0 1',
  schoolAdmin: '1 0 0 0 0 0 0 0 0 0 0 1',
  teacher: '1 0 0 0 0 0 0 0 0 0 0 1',
  student: '1 0 0 0 0 0 0 0 0 0 0 0',
  productManager: '1 0 0 1 0 0 0 0 1 0 0 0',
  standardManager: '1 0 0 0 1 0 0 0 1 0 0 0',
  rosterViewer: '1 0 0 0 0 1 0 0 1 0 0 0',
  domainBoundSuper: '1 0 0 1 1 1 0 0 1 0 0 1',
};

describe('canJoinChannel', () => {
  const channelNames = Object.keys(CHANNELS) as ChannelName[];
  for (const name of Object.keys(SUBJECTS) as SubjectName[]) {
    const expected = EXPECTED[name].split(' ').map((v) => v === '1');
    it(`${name}: ${channelNames.map((c, i) => `${c}=${expected[i] ? 'yes' : 'no'}`).join(', ')}`, () => {
      const s = SUBJECTS[name];
      const actual = channelNames.map((c) => {
        const parsed = parseChannel(CHANNELS[c](s));
        expect(parsed, c).not.toBeNull();
        return canJoinChannel(s, parsed!);
      });
      expect(Object.fromEntries(channelNames.map((c, i) => [c, actual[i]]))).toEqual(
        Object.fromEntries(channelNames.map((c, i) => [c, expected[i]])),
      );
    });
  }
});

describe('parseChannel', () => {
  it('reads the six private channel kinds', () => {
    expect(parseChannel('private-user.5')).toEqual({ kind: 'user', id: 5 });
    expect(parseChannel('private-staff')).toEqual({ kind: 'staff' });
    expect(parseChannel('private-products')).toEqual({ kind: 'products' });
    expect(parseChannel('private-standards')).toEqual({ kind: 'standards' });
    expect(parseChannel('private-roster.7')).toEqual({ kind: 'roster', accountId: 7 });
    expect(parseChannel('private-account.123456789')).toEqual({ kind: 'account', accountId: 123456789 });
    expect(parseChannel('private-assignment.42')).toEqual({ kind: 'assignment', assignmentId: 42 });
  });

  it('refuses anything else, including ids outside 1 to 9 digits', () => {
    for (const bad of [
      '',
      'private-user',
      'private-user.0',
      'private-user.01',
      'private-user.1234567890',
      'private-user.5 ',
      'user.5',
      'private-staff.1',
      'private-account.x',
      'session.1',
      'presence-user.1',
    ]) {
      expect(parseChannel(bad), bad).toBeNull();
    }
  });
});

describe('names written once', () => {
  it('has one distinct event name per 002 section 7 event', () => {
    const names = Object.values(REALTIME_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(REALTIME_EVENTS)).toEqual([
      'productStatusChanged',
      'userTaskChanged',
      'activityScreenLinked',
      'activityScreenUpdated',
      'activityScreenUnlinked',
      'activityCloneBulkCompleted',
      'rosterImportQueueChanged',
      'reportSharedWithUser',
      'reportRequestStatusChanged',
      'standardImportStatusChanged',
      'notificationCreated',
      'attemptProgress',
      'attemptGraded',
      'sessionRevoked',
    ]);
  });

  it('lists the seven notification types and six connection states of the spec', () => {
    expect(NOTIFICATION_TYPES).toHaveLength(7);
    expect(CONNECTION_STATES).toEqual([
      'initialized',
      'connecting',
      'connected',
      'unavailable',
      'failed',
      'disconnected',
    ]);
  });
});
