import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLtiWorld, expectRefused, launch, post, type LtiWorld } from '../../../test/lti-launch-fixtures';
import { INSTRUCTOR } from '../../../test/lti-platform';
import { countOf } from '../../../test/tenancy-fixtures';

// Issue 18 items 3 and 6: every way a launch must fail, each refused with a page that says why and no session (nor
// handoff, nor identity link) created. The test platform signs what it is told to get wrong.

let s: LtiWorld;
let sessions: number;
let launches: number;
beforeAll(async () => {
  s = await buildLtiWorld();
  s.platform.messages.set('off', { ...s.platform.messages.get('cells')!, deploymentId: 'dep-off' });
  s.platform.messages.set('a2', { ...s.platform.messages.get('cells')!, deploymentId: 'dep-a2' });
  s.platform.messages.set('unknown-dep', { ...s.platform.messages.get('cells')!, deploymentId: 'dep-nobody' });
});
afterAll(() => s.close());
beforeEach(async () => {
  sessions = await countOf(s.w, 'sessions');
  launches = await countOf(s.w, 'lti_launches');
});

async function refused(res: Awaited<ReturnType<typeof launch>>, key: string) {
  await expectRefused(s, res, key, sessions);
  expect(await countOf(s.w, 'lti_launches')).toBe(launches);
}

describe('the control', () => {
  it('the same launch succeeds when nothing is tampered with', async () => {
    const res = await launch(s, 'student', 'cells');
    expect(res.status, res.body).toBe(303);
  });
});

describe('the id_token', () => {
  it('bad signature: signed by a key the platform does not publish under the kid of one it does', async () => {
    const rogue = await s.platform.addKey({ publish: false });
    const published = s.platform.lastIdToken();
    expect(published).not.toBeNull();
    const kid = JSON.parse(Buffer.from(published!.split('.')[0]!, 'base64url').toString()) as { kid: string };
    s.platform.tamperNext({ key: rogue, kid: kid.kid });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });

  it('a token whose payload was altered after signing', async () => {
    const res = await launch(s, 'student', 'cells', {
      before: (form) => {
        const [h, p, sig] = form.id_token!.split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
        payload.sub = 'lms-teacher';
        form.id_token = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
      },
    });
    await refused(res, 'tokenInvalid');
  });

  it('unknown kid, still unknown after one refetch of the platform’s key set', async () => {
    const rogue = await s.platform.addKey({ publish: false });
    const hits = s.platform.jwksHits();
    s.platform.tamperNext({ key: rogue });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
    expect(s.platform.jwksHits()).toBe(hits + 1);
  });

  it('wrong issuer', async () => {
    s.platform.tamperNext({ claims: { iss: 'https://lms.elsewhere.test' } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });

  it('wrong audience', async () => {
    s.platform.tamperNext({ claims: { aud: 'another-tool' } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });

  it('several audiences without azp naming Aula, or an azp naming another client', async () => {
    s.platform.tamperNext({ claims: { aud: [s.platform.clientId, 'another-tool'] } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
    s.platform.tamperNext({ claims: { azp: 'another-tool' } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
    // the control: several audiences with azp = Aula's client id is accepted
    s.platform.tamperNext({ claims: { aud: [s.platform.clientId, 'another-tool'], azp: s.platform.clientId } });
    expect((await launch(s, 'student', 'cells')).status).toBe(303);
  });

  it('expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    s.platform.tamperNext({ claims: { iat: now - 600, exp: now - 300 } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });

  it('a token issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    s.platform.tamperNext({ claims: { iat: now + 3600, exp: now + 7200 } });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });
});

describe('nonce and state', () => {
  it('reused nonce: a new launch whose token carries the nonce of a completed one', async () => {
    expect((await launch(s, 'student', 'cells')).status).toBe(303);
    const used = s.platform.nonces.at(-1)!;
    sessions = await countOf(s.w, 'sessions');
    launches = await countOf(s.w, 'lti_launches');
    s.platform.tamperNext({ nonce: used });
    await refused(await launch(s, 'student', 'cells'), 'tokenInvalid');
  });

  it('a replayed launch (the same id_token and state posted again)', async () => {
    let form: Record<string, string> = {};
    const first = await launch(s, 'student', 'cells', { before: (f) => (form = { ...f }) });
    expect(first.status).toBe(303);
    sessions = await countOf(s.w, 'sessions');
    launches = await countOf(s.w, 'lti_launches');
    await refused(await post(`${s.api}/lti/launch`, form), 'stateInvalid');
  });

  it('state mismatch: a state Aula never issued, or none', async () => {
    s.platform.tamperNext({ state: 'forged-state-value' });
    await refused(await launch(s, 'student', 'cells'), 'stateInvalid');
    await refused(await launch(s, 'student', 'cells', { before: (f) => delete f.state }), 'stateInvalid');
  });

  it('an expired state', async () => {
    const res = await launch(s, 'student', 'cells', {
      afterLogin: () => s.w.pool.query(`update lti_launch_states set expires_at = now() - interval '1 second'`),
    });
    await refused(res, 'stateInvalid');
  });
});

describe('deployment', () => {
  it('unknown deployment', async () => {
    await refused(await launch(s, 'student', 'unknown-dep'), 'deploymentUnknown');
  });

  it('a token naming another deployment than the login did', async () => {
    s.platform.tamperNext({ claims: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-a2' } });
    await refused(await launch(s, 'student', 'cells'), 'deploymentUnknown');
  });

  it('inactive deployment', async () => {
    await refused(await launch(s, 'student', 'off'), 'deploymentInactive');
  });

  it('a deployment of another district: the user exists (and is linked) only in A1', async () => {
    await refused(await launch(s, 'student', 'a2'), 'linkedElsewhere');
    // the teacher's first launch (in A1) links them; then A2's deployment is refused too
    expect((await launch(s, 'teacher', 'cells')).status).toBe(303);
    launches = await countOf(s.w, 'lti_launches');
    await refused(await launch(s, 'teacher', 'a2'), 'linkedElsewhere');
  });

  it('a deployment of another district before any link: the roster id is not one of its users', async () => {
    s.platform.users.set('fresh', {
      sub: 'lms-fresh',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      sourcedId: 'S-1',
    });
    await refused(await launch(s, 'fresh', 'a2'), 'studentUnknown');
    expect(await countOf(s.w, 'oauth_connections', `subject = 'lms-fresh'`)).toBe(0);
  });
});

describe('message', () => {
  it('wrong message type', async () => {
    s.platform.tamperNext({
      claims: { 'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSubmissionReviewRequest' },
    });
    await refused(await launch(s, 'student', 'cells'), 'messageUnsupported');
  });

  it('wrong version', async () => {
    s.platform.tamperNext({ claims: { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' } });
    await refused(await launch(s, 'student', 'cells'), 'messageUnsupported');
  });

  it('a resource link that names no Aula content, or content of another district', async () => {
    s.platform.messages.set('bare', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'bare-link',
    });
    await refused(await launch(s, 'student', 'bare'), 'resourceUnknown');
    s.platform.messages.set('alien', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'alien-link',
      custom: { aula_activity_id: String(s.activities.alpine) },
    });
    await refused(await launch(s, 'student', 'alien'), 'resourceUnknown');
    expect(await countOf(s.w, 'lti_resource_links', `resource_link_id in ('bare-link', 'alien-link')`)).toBe(0);
  });
});

describe('users', () => {
  it('an unknown user gets a clear page', async () => {
    const res = await launch(s, 'stranger', 'cells');
    await refused(res, 'studentUnknown');
    expect(res.body).toContain('We could not find your Aula student account in this district.');
  });

  it('no learner or instructor role', async () => {
    s.platform.users.set('observer', {
      sub: 'lms-student',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
    });
    await refused(await launch(s, 'observer', 'cells'), 'roleUnsupported');
  });

  it('a learner’s identity launching as instructor finds no staff user', async () => {
    s.platform.users.set('student-as-teacher', { sub: 'lms-student', roles: [INSTRUCTOR] });
    await refused(await launch(s, 'student-as-teacher', 'cells'), 'staffUnknown');
  });

  it('a learner cannot start deep linking', async () => {
    await refused(await launch(s, 'student', 'pick'), 'deepLinkingStaffOnly');
  });

  it('a disabled user', async () => {
    await s.w.pool.query('update users set disabled = true where id = $1', [s.w.users.student.id]);
    try {
      await refused(await launch(s, 'student', 'cells'), 'accountDisabled');
    } finally {
      await s.w.pool.query('update users set disabled = false where id = $1', [s.w.users.student.id]);
    }
  });
});

describe('the refusal page', () => {
  it('may be framed by the launch’s platform only, and by nobody when the state is unknown', async () => {
    const framed = await launch(s, 'stranger', 'cells');
    expect(framed.status).toBe(403);
    expect(framed.headers.get('content-security-policy')).toContain(`frame-ancestors ${s.platform.url}`);
    expect(framed.headers.get('x-frame-options')).toBeNull();
    const res = await fetch(`${s.api}/lti/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'state=nope&id_token=x',
    });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
