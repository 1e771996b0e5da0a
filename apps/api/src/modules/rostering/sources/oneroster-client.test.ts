import { afterEach, describe, expect, it } from 'vitest';
import { startOneRosterServer, type OneRosterServer } from '../../../../test/oneroster-server';
import { connectionUrls, type OneRosterConnection } from './oneroster-client';
import { readConnection } from './read-source';
import { RosterSourceError } from './roster-source-error';

// The REST client against a real OneRoster server over HTTP, serving the shared fixture zips.

let server: OneRosterServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(opts: Parameters<typeof startOneRosterServer>[0] = {}) {
  server = await startOneRosterServer(opts);
  return server;
}

const connect = (s: OneRosterServer, secret = s.knobs.clientSecret): OneRosterConnection => ({
  ...connectionUrls(s.url, null, null),
  clientId: s.knobs.clientId,
  clientSecret: secret,
});

async function failure(p: Promise<unknown>): Promise<RosterSourceError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RosterSourceError);
  return err as RosterSourceError;
}

describe('reading a OneRoster REST server', () => {
  it('reads the whole minimal fixture across pages of two, following X-Total-Count', async () => {
    const s = await start();
    const { snapshot, errors } = await readConnection(connect(s), { pageSize: 2 });
    // the fixture's classes name courses it does not have (its manifest says courses=absent): kept, with a warning
    expect(errors).toEqual([
      {
        file: 'classes',
        row: 1,
        column: 'course',
        message: 'course crs-222-2023-456-12345 is not among the courses',
        severity: 'warning',
      },
      {
        file: 'classes',
        row: 2,
        column: 'course',
        message: 'course crs-222-2023-456-23456 is not among the courses',
        severity: 'warning',
      },
    ]);
    expect(snapshot.version).toBe('1.1');
    expect(snapshot.mode).toBe('bulk');
    expect(snapshot.orgs.map((o) => o.sourcedId)).toEqual(['org-sch-222-456']);
    expect(snapshot.academicSessions).toHaveLength(5);
    expect(snapshot.classes.map((c) => c.sourcedId)).toEqual(['cls-222-123456', 'cls-222-123478']);
    expect(snapshot.users.map((u) => u.username)).toEqual([
      'john.doe',
      'mary.jones',
      'thomas.joness',
      'jim.smith',
      'mmichel.jones',
      'anna.brown',
    ]);
    expect(snapshot.enrollments).toHaveLength(6);
    const john = snapshot.users[0]!;
    expect(john).toMatchObject({
      sourcedId: 'usr-222-123456',
      status: 'active',
      role: 'teacher',
      enabledUser: true,
      orgSourcedIds: ['org-sch-222-456'],
      givenName: 'John',
      familyName: 'Doe',
      identifier: 'jogn.doe',
    });
    expect(snapshot.classes[1]).toMatchObject({
      title: 'History - 2',
      schoolSourcedId: 'org-sch-222-456',
      courseSourcedId: 'crs-222-2023-456-23456',
      termSourcedIds: ['as-trm-222-1234', 'as-trm-222-1235'],
    });
    expect(snapshot.enrollments[0]).toMatchObject({
      classSourcedId: 'cls-222-123456',
      userSourcedId: 'usr-222-123456',
      role: 'teacher',
      primary: false,
    });
    // six users in pages of two: offsets 0, 2 and 4, then X-Total-Count says done
    expect(s.log.calls.filter((c) => c.collection === 'users').map((c) => [c.offset, c.limit])).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect(s.log.tokens).toBe(1);
  });

  it('reads the OneRoster 1.2 fixture (roles, courses, demographics) as 1.1 REST', async () => {
    const s = await start({ fixture: 'full' });
    const { snapshot, errors } = await readConnection(connect(s));
    expect(errors).toEqual([]);
    expect(snapshot.users).toEqual([
      expect.objectContaining({
        sourcedId: 'USER_0',
        role: 'student',
        orgSourcedIds: ['ORG_1'],
        username: 'brucewayne',
      }),
    ]);
    expect(snapshot.courses).toEqual([
      expect.objectContaining({ sourcedId: 'COURSE_001', title: 'Crime Fighting 101', orgSourcedId: 'ORG_1' }),
    ]);
    expect(snapshot.demographics).toEqual([expect.objectContaining({ sourcedId: 'USER_0', birthDate: '2010-04-17' })]);
    expect(snapshot.academicSessions[0]).toMatchObject({ startDate: '2023-09-04', schoolYear: 2023 });
  });

  it('without X-Total-Count, and with the server capping pages below the limit, pages until an empty page', async () => {
    const s = await start({ omitTotalCount: true, maxPageSize: 1 });
    const { snapshot } = await readConnection(connect(s), { pageSize: 4 });
    expect(snapshot.users).toHaveLength(6);
    expect(s.log.calls.filter((c) => c.collection === 'users').map((c) => c.offset)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('a wrong secret is refused at the token endpoint and says so', async () => {
    const s = await start();
    const err = await failure(readConnection(connect(s, 'not-the-secret')));
    expect(err.message).toBe('The roster server refused the client id or secret');
    expect(s.log.calls).toEqual([]);
  });

  it('an expired token is answered 401; the client fetches a new one once and reads on', async () => {
    const s = await start({ expiredTokens: 1 });
    const { snapshot } = await readConnection(connect(s), { pageSize: 2 });
    expect(snapshot.users).toHaveLength(6);
    expect(s.log.tokens).toBe(2);
    expect(s.log.calls[0]).toMatchObject({ collection: 'orgs', offset: 0, status: 401 });
    expect(s.log.calls.filter((c) => c.status !== 200)).toHaveLength(1);
  });

  it('tokens that are always expired end the read with a clear error', async () => {
    const s = await start({ expiredTokens: 1000 });
    const err = await failure(readConnection(connect(s)));
    expect(err.message).toBe('The roster server refused the access token for orgs (it may have expired)');
    expect(s.log.tokens).toBe(2);
  });

  it('a 500 half way through paging fails the whole read, naming the collection and offset', async () => {
    const s = await start({ failAt: { collection: 'users', offset: 2, status: 500 } });
    const err = await failure(readConnection(connect(s), { pageSize: 2 }));
    expect(err.message).toBe('The roster server answered 500 for users at offset 2');
    // the users read stopped there: enrollments were never asked for
    expect(s.log.calls.some((c) => c.collection === 'enrollments')).toBe(false);
  });

  it('caches the token until it expires: a second read asks for none', async () => {
    const s = await start();
    await readConnection(connect(s));
    await readConnection(connect(s));
    expect(s.log.tokens).toBe(1);
  });

  it('a server without demographics is read with a warning', async () => {
    const s = await start({ fixture: 'full', missing: ['demographics'] });
    const { snapshot, errors } = await readConnection(connect(s));
    expect(snapshot.users).toHaveLength(1);
    expect(snapshot.demographics).toEqual([]);
    expect(errors).toEqual([
      {
        file: 'demographics',
        row: null,
        column: null,
        severity: 'warning',
        message: 'The roster server has no demographics (404)',
      },
    ]);
  });

  it('a server that does not answer in time', async () => {
    const s = await start({ delayMs: 1500 });
    const err = await failure(readConnection(connect(s), { timeoutMs: 1000 }));
    expect(err.message).toBe('The roster server did not answer the orgs request within 1 s');
  });

  it('a server that is not there', async () => {
    const s = await start();
    const conn = connect(s);
    await s.close();
    server = null;
    const err = await failure(readConnection(conn));
    expect(err.message).toBe(`Could not reach the roster server at ${s.url} (ECONNREFUSED)`);
  });

  it('rows that cannot be used are left out and reported by collection, position and field', async () => {
    const s = await start();
    s.data.users.push(
      { ...s.data.users[0]!, sourcedId: 'usr-x', username: 'x', role: 'wizard' },
      { ...s.data.users[1]! },
      { ...s.data.users[2]!, sourcedId: 'usr-y', username: '' },
    );
    s.data.enrollments.push({
      ...s.data.enrollments[0]!,
      sourcedId: 'enr-x',
      class: { sourcedId: 'cls-nowhere', type: 'class' },
    });
    const { snapshot, errors } = await readConnection(connect(s), { pageSize: 4 });
    expect(snapshot.users).toHaveLength(6);
    expect(snapshot.enrollments).toHaveLength(6);
    expect(errors.filter((e) => e.severity === 'error')).toEqual([
      { file: 'users', row: 7, column: 'role', message: 'unknown role wizard', severity: 'error' },
      {
        file: 'users',
        row: 8,
        column: 'sourcedId',
        message: 'duplicate sourcedId usr-222-66778899',
        severity: 'error',
      },
      { file: 'users', row: 9, column: 'username', message: 'username is required', severity: 'error' },
      {
        file: 'enrollments',
        row: 7,
        column: 'class',
        message: 'class cls-nowhere is not among the classes',
        severity: 'error',
      },
    ]);
  });
});
