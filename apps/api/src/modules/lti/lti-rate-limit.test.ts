import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLtiWorld, launch, redeem, type LtiWorld } from '../../../test/lti-launch-fixtures';

// A class launches Aula from one school network: the LTI endpoints and the LTI handoff have their own allowance per
// IP (LTI_RATE_LIMIT_MAX), apart from the sign-in limit (AUTH_RATE_LIMIT_MAX) that single sign-on keeps.

let s: LtiWorld;
beforeAll(async () => {
  s = await buildLtiWorld({ AUTH_RATE_LIMIT_MAX: '2', LTI_RATE_LIMIT_MAX: '9' });
});
afterAll(() => s.close());

describe('rate limits', () => {
  it('three launches and handoffs pass where the sign-in limit is two; single sign-on keeps its own limit', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await launch(s, 'student', 'cells');
      expect(res.status, res.body).toBe(303);
      expect((await redeem(s, res.location!)).status).toBe(200);
    }
    const sso = () =>
      fetch(`${s.api}/student/auth/oauth/2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await sso()).status).not.toBe(429);
    expect((await sso()).status).not.toBe(429);
    expect((await sso()).status).toBe(429);
  });

  it('the LTI allowance ends too', async () => {
    // the three launches above used three of GET /lti/login's nine; the tenth request is refused
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${s.api}/lti/login?iss=nobody`, { redirect: 'manual' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });
});
