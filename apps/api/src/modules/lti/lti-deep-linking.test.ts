import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLtiWorld, launch, post, redeem, type LtiWorld } from '../../../test/lti-launch-fixtures';
import { call } from '../../../test/test-app';

// Issue 18 item 4: an instructor's LtiDeepLinkingRequest opens Aula's picker; the chosen activities go back to the
// platform as a signed LtiDeepLinkingResponse, which the test platform verifies against Aula's public JWKS over
// HTTP. A learner then launches the link the platform made from it.

let s: LtiWorld;
beforeAll(async () => {
  s = await buildLtiWorld();
  s.platform.messages.set('pick-cat', { type: 'LtiDeepLinkingRequest', deploymentId: 'dep-cat' });
  s.platform.messages.set('pick-one', { type: 'LtiDeepLinkingRequest', deploymentId: 'dep-a1', acceptMultiple: false });
});
afterAll(() => s.close());

/** An instructor's deep-linking launch, signed in: the picker's id and the dashboard token. */
async function openPicker(message: string) {
  const res = await launch(s, 'teacher', message);
  expect(res.status, res.body).toBe(303);
  const to = new URL(res.location!);
  expect(`${to.origin}${to.pathname}`).toBe('http://dashboard.test/oauth/3');
  expect(to.searchParams.get('ltiMessageType')).toBe('LtiDeepLinkingRequest');
  const opened = await redeem(s, res.location!);
  expect(opened.status).toBe(200);
  const id = Number(/^\/lti-deep-linking\/(\d+)$/.exec(opened.json.data.target)![1]);
  expect(to.searchParams.get('targetUrl')).toBe(`http://dashboard.test/lti-deep-linking/${id}`);
  return { id, token: opened.json.data.token };
}

describe('the picker', () => {
  it('lists the district’s published activities; a catalog deployment adds the domain’s shared ones', async () => {
    const own = await openPicker('pick');
    const res = await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${own.id}`, { token: own.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: own.id,
        platform: 'Test LMS',
        accept_multiple: true,
        title: null,
        activities: [{ id: s.activities.cells, title: 'Cells', shared: false }],
        assignment_sets: [],
      },
    });
    const cat = await openPicker('pick-cat');
    const shared = await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${cat.id}`, { token: cat.token });
    expect(shared.json<{ data: { activities: { title: string }[] } }>().data.activities.map((a) => a.title)).toEqual([
      'Cells',
      'Photosynthesis',
    ]);
  });

  it('is the launching instructor’s only: another staff user gets 404, a student token 401', async () => {
    const { id } = await openPicker('pick');
    expect(
      (await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${id}`, { token: s.w.tokens.district })).statusCode,
    ).toBe(404);
    expect(
      (await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${id}`, { token: s.w.tokens.super })).statusCode,
    ).toBe(404);
    expect(
      (await call(s.t.app, 'GET', `/dashboard/lti/deep-linking/${id}`, { token: s.w.tokens.student })).statusCode,
    ).toBe(401);
    const answer = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token: s.w.tokens.district,
      body: { activity_ids: [s.activities.cells] },
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the response', () => {
  it('is a signed LtiDeepLinkingResponse the platform verifies against Aula’s JWKS, with line items; once only', async () => {
    const { id, token } = await openPicker('pick');
    const res = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [s.activities.cells], score_maximum: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { return_url: returnUrl, jwt } = res.json<{ data: { return_url: string; jwt: string } }>().data;
    expect(returnUrl).toBe(s.platform.deepLinkReturnUrl);
    const back = await post(returnUrl, { JWT: jwt });
    expect(back.status, back.body).toBe(200);
    expect(s.platform.deepLinkErrors).toEqual([]);
    const got = s.platform.deepLinkReturns.at(-1)!;
    const keys = await (await fetch(`${s.api}/lti/jwks`)).json();
    expect((keys as { keys: { kid: string }[] }).keys.map((k) => k.kid)).toContain(got.header.kid);
    expect(got.payload).toMatchObject({
      iss: s.platform.clientId,
      aud: s.platform.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-a1',
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-data-1',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: 'Cells',
          url: `${s.api}/lti/launch`,
          custom: { aula_activity_id: String(s.activities.cells) },
          lineItem: { scoreMaximum: 10, label: 'Cells', resourceId: `aula-activity-${s.activities.cells}` },
        },
      ],
    });
    const again = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [s.activities.cells] },
    });
    expect(again.statusCode).toBe(404);

    // the platform makes a resource link of the item; a learner launching it lands in that activity
    const item = (
      got.payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as { custom: Record<string, string> }[]
    )[0]!;
    s.platform.messages.set('made', {
      type: 'LtiResourceLinkRequest',
      deploymentId: 'dep-a1',
      resourceLinkId: 'made-link',
      custom: item.custom,
    });
    const learner = await launch(s, 'student', 'made');
    expect(learner.status, learner.body).toBe(303);
    expect(new URL(learner.location!).searchParams.get('targetUrl')).toContain(`activity_id=${s.activities.cells}`);
  });

  it('refuses activities the deployment does not offer and several where the platform takes one; cancel sends none', async () => {
    const { id, token } = await openPicker('pick');
    const alien = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [s.activities.alpine] },
    });
    expect(alien.statusCode).toBe(422);
    const draft = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [s.activities.draft] },
    });
    expect(draft.statusCode).toBe(422);
    const one = await openPicker('pick-one');
    const two = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${one.id}/response`, {
      token: one.token,
      body: { activity_ids: [s.activities.cells, s.activities.shared] },
    });
    expect(two.statusCode).toBe(422);
    const cancel = await call(s.t.app, 'POST', `/dashboard/lti/deep-linking/${id}/response`, {
      token,
      body: { activity_ids: [] },
    });
    expect(cancel.statusCode).toBe(200);
    const { jwt } = cancel.json<{ data: { jwt: string } }>().data;
    expect((await post(s.platform.deepLinkReturnUrl, { JWT: jwt })).status).toBe(200);
    expect(
      s.platform.deepLinkReturns.at(-1)!.payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'],
    ).toEqual([]);
  });
});
