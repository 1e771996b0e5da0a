import Fastify, { type FastifyInstance } from 'fastify';

// A Clever-shaped Data API v3.0 for the rostering-through-SSO tests (issue 17 item 4), like oneroster-server.ts:
// Fastify on a random loopback port. Clever's district-token endpoint (GET /oauth/tokens?owner_type=district
// [&district=<id>], the app's client id and secret as HTTP Basic, 401 otherwise) answers the tokens of the districts
// that shared data with the app; the data calls check the district token, records wrapped as
// { data: [{ data, uri }], links: [{ rel, uri }] } and paged by starting_after with a rel=next link. The knobs make
// it misbehave the ways a real API does.

export const CLEVER_TOKEN = 'clever-district-token-0123456789';
export const CLEVER_DISTRICT = '5b2ad81a709e300001e2cd7a';
/** another district that shared data with the app: its token reads nothing here */
export const CLEVER_OTHER_DISTRICT = '5b2ad81a709e300001e2cd7b';
export const CLEVER_APP = { clientId: 'clever-app-client-id', clientSecret: 'clever-app-secret-0123456789' };
const DISTRICT = CLEVER_DISTRICT;

type Row = Record<string, unknown> & { id: string };

/** One district: two schools, two sections, two teachers (one teaching in both schools), three students. */
export function cleverFixture() {
  const schools: Row[] = [
    { id: 'sch-a-0001', district: DISTRICT, name: 'Clever Elementary', school_number: '101', sis_id: 'E101' },
    { id: 'sch-b-0002', district: DISTRICT, name: 'Clever Middle', school_number: '102', sis_id: 'M102' },
  ];
  const teachers: Row[] = [
    teacher('tch-a-0001', 'Ada', 'Lovelace', 'ada@clever.test', ['sch-a-0001', 'sch-b-0002']),
    teacher('tch-b-0002', 'Grace', 'Hopper', 'grace@clever.test', ['sch-b-0002']),
  ];
  const students: Row[] = [
    student('stu-a-0001', 'Ana', 'Alvarez', 'sch-a-0001', '5', 'ana.alvarez'),
    student('stu-b-0002', 'Ben', 'Brown', 'sch-a-0001', '5', 'ben.brown'),
    student('stu-c-0003', 'Cleo', 'Chen', 'sch-b-0002', '7', 'cleo.chen'),
  ];
  const sections: Row[] = [
    {
      id: 'sec-a-0001',
      district: DISTRICT,
      school: 'sch-a-0001',
      name: 'Grade 5 Science',
      section_number: '5-SCI-2',
      subject: 'science',
      grade: '5',
      period: '2',
      teacher: 'tch-a-0001',
      teachers: ['tch-a-0001'],
      students: ['stu-a-0001', 'stu-b-0002'],
    },
    {
      id: 'sec-b-0002',
      district: DISTRICT,
      school: 'sch-b-0002',
      name: 'Grade 7 Physics',
      section_number: '7-PHY-1',
      subject: 'science',
      grade: '7',
      period: '1',
      teacher: 'tch-b-0002',
      teachers: ['tch-b-0002', 'tch-a-0001'],
      students: ['stu-c-0003'],
    },
  ];
  return { schools, sections, users: [...teachers, ...students] };
}

function teacher(id: string, first: string, last: string, email: string, schools: string[]): Row {
  return {
    id,
    district: DISTRICT,
    email,
    name: { first, last, middle: '' },
    roles: { teacher: { district: DISTRICT, school: schools[0], schools, sis_id: `T-${id}` } },
  };
}

function student(id: string, first: string, last: string, school: string, grade: string, username: string): Row {
  return {
    id,
    district: DISTRICT,
    name: { first, last, middle: 'Q' },
    roles: {
      student: {
        district: DISTRICT,
        school,
        schools: [school],
        grade,
        sis_id: `S-${id}`,
        credentials: { district_username: username },
      },
    },
  };
}

export interface CleverServerKnobs {
  /** the district token the data calls accept (the one the token endpoint gives for CLEVER_DISTRICT) */
  token: string;
  /** the app's credentials the token endpoint accepts */
  clientId: string;
  clientSecret: string;
  /** the most records one page returns, whatever limit asks */
  maxPageSize: number;
  /** answer this status for this collection (schools, sections, users) */
  failAt: { collection: string; status: number } | null;
}

export interface CleverServer {
  /** the API root a district admin types as the endpoint URL (data under /v3.0) */
  url: string;
  /** the district-token endpoint (Clever's https://clever.com/oauth/tokens) */
  tokensUrl: string;
  data: ReturnType<typeof cleverFixture>;
  knobs: CleverServerKnobs;
  log: {
    calls: { collection: string; query: Record<string, string>; status: number; auth: string }[];
    tokenRequests: { query: Record<string, string>; status: number }[];
  };
  close(): Promise<void>;
}

export async function startCleverServer(overrides: Partial<CleverServerKnobs> = {}): Promise<CleverServer> {
  const knobs: CleverServerKnobs = { token: CLEVER_TOKEN, ...CLEVER_APP, maxPageSize: 2, failAt: null, ...overrides };
  const data = cleverFixture();
  const log: CleverServer['log'] = { calls: [], tokenRequests: [] };
  const app: FastifyInstance = Fastify({ logger: false });

  app.get<{ Querystring: Record<string, string> }>('/oauth/tokens', async (req, reply) => {
    const answer = (status: number, body: unknown) => {
      log.tokenRequests.push({ query: { ...req.query }, status });
      return reply.status(status).send(body);
    };
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    const [id, ...rest] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    if (id !== knobs.clientId || rest.join(':') !== knobs.clientSecret) return answer(401, { error: 'invalid_client' });
    if (req.query.owner_type !== 'district') return answer(400, { error: 'owner_type must be district' });
    const tokens = [
      { district: CLEVER_DISTRICT, token: knobs.token },
      { district: CLEVER_OTHER_DISTRICT, token: 'other-district-token' },
    ].filter((d) => !req.query.district || d.district === req.query.district);
    return answer(200, {
      data: tokens.map((d, i) => ({
        id: `tok-${i}`,
        created: '2026-08-01T00:00:00.000Z',
        owner: { type: 'district', id: d.district },
        access_token: d.token,
        scopes: ['read:district_admins', 'read:school_admins', 'read:sections', 'read:students', 'read:teachers'],
      })),
    });
  });

  app.get<{ Params: { collection: string }; Querystring: Record<string, string> }>(
    '/v3.0/:collection',
    async (req, reply) => {
      const { collection } = req.params;
      const auth = req.headers.authorization ?? '';
      const answer = (status: number, body: unknown) => {
        log.calls.push({ collection, query: { ...req.query }, status, auth });
        return reply.status(status).send(body);
      };
      if (auth !== `Bearer ${knobs.token}`) return answer(401, { error: 'Unauthorized' });
      if (!['schools', 'sections', 'users'].includes(collection)) return answer(404, { error: 'Not Found' });
      if (knobs.failAt?.collection === collection) return answer(knobs.failAt.status, { error: 'Server error' });
      const limit = Math.min(Number(req.query.limit ?? 100) || 100, knobs.maxPageSize);
      let rows = [...data[collection as keyof typeof data]].sort((a, b) => a.id.localeCompare(b.id));
      if (collection === 'users' && req.query.role)
        rows = rows.filter((u) => Object.hasOwn(u.roles as object, req.query.role!));
      const after = req.query.starting_after;
      if (after) rows = rows.filter((r) => r.id > after);
      const page = rows.slice(0, limit);
      const query = (extra: Record<string, string>) =>
        new URLSearchParams({
          ...(req.query.role ? { role: req.query.role } : {}),
          limit: String(limit),
          ...extra,
        }).toString();
      const links = [{ rel: 'self', uri: `/v3.0/${collection}?${query(after ? { starting_after: after } : {})}` }];
      if (rows.length > limit)
        links.push({ rel: 'next', uri: `/v3.0/${collection}?${query({ starting_after: page.at(-1)!.id })}` });
      return answer(200, {
        data: page.map((r) => ({ data: r, uri: `/v3.0/${collection}/${r.id}` })),
        links,
      });
    },
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, tokensUrl: `${url}/oauth/tokens`, data, knobs, log, close: () => app.close() };
}
