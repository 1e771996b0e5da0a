import { describe, expect, it } from 'vitest';
import {
  oauthStartUrl,
  parseLtiReturn,
  parseProviderCode,
  parseSsoReturn,
  roleChooserTarget,
  ssoSuccessPath,
} from './sso-params';

const q = (s: string) => new URLSearchParams(s);

describe('parseSsoReturn', () => {
  it('reads every parameter of the single-sign-on return page', () => {
    expect(
      parseSsoReturn(
        q(
          'status=success&type=2&scope=student&token=abc&message=Hi&redirect=/x&hash=h1&targetUrl=http://s/a&ltiMessageType=LtiDeepLinkingRequest',
        ),
      ),
    ).toEqual({
      status: 'success',
      type: 2,
      scope: 'student',
      token: 'abc',
      message: 'Hi',
      redirect: '/x',
      hash: 'h1',
      targetUrl: 'http://s/a',
      ltiMessageType: 'LtiDeepLinkingRequest',
    });
  });

  it('reads unknown or missing values as null and defaults the LTI message type to the resource link', () => {
    const sso = parseSsoReturn(q('status=maybe&type=7&scope=admin&token=&ltiMessageType=Other'));
    expect(sso).toMatchObject({ status: null, type: null, scope: null, token: null, message: null });
    expect(sso.ltiMessageType).toBe('LtiResourceLinkRequest');
  });

  it('takes only the single-sign-on type codes 1 to 4 (0 is the sign-in form)', () => {
    expect(['0', '1', '2', '3', '4', '5', '1.5', '01', ' 3'].map(parseProviderCode)).toEqual([
      null,
      1,
      2,
      3,
      4,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('parseLtiReturn', () => {
  it('reads type, resource_id and resource_type', () => {
    expect(parseLtiReturn(q('type=LtiDeepLinkingRequest&resource_id=42&resource_type=assignment'))).toEqual({
      type: 'LtiDeepLinkingRequest',
      resourceId: 42,
      resourceType: 'assignment',
    });
  });

  it('defaults the type to LtiResourceLinkRequest and refuses ids that are not 1 to 9 digits', () => {
    expect(parseLtiReturn(q('resource_id=1234567890'))).toEqual({
      type: 'LtiResourceLinkRequest',
      resourceId: null,
      resourceType: null,
    });
    expect(parseLtiReturn(q('resource_id=-4')).resourceId).toBeNull();
    expect(parseLtiReturn(q('resource_id=0')).resourceId).toBeNull();
  });
});

describe('ssoSuccessPath', () => {
  const origin = 'http://student.example';
  it('follows a targetUrl on the app’s own origin', () => {
    expect(ssoSuccessPath({ targetUrl: 'http://student.example/lti?type=x#top', redirect: '/r' }, origin)).toBe(
      '/lti?type=x#top',
    );
  });
  it('ignores a targetUrl elsewhere and falls back to the redirect path, then home', () => {
    expect(ssoSuccessPath({ targetUrl: 'https://evil.example/steal', redirect: '/classes' }, origin)).toBe('/classes');
    expect(ssoSuccessPath({ targetUrl: null, redirect: '//evil.example' }, origin)).toBe('/');
    expect(ssoSuccessPath({ targetUrl: null, redirect: null }, origin)).toBe('/');
  });
});

describe('roleChooserTarget', () => {
  const urls = { dashboardUrl: 'http://dash.example', studentUrl: 'http://student.example' };
  it('sends students to the student host’s oauth page with type, status and scope', () => {
    const target = new URL(roleChooserTarget('student', { type: 2, status: 'success' }, urls));
    expect(`${target.origin}${target.pathname}`).toBe('http://student.example/oauth');
    expect(Object.fromEntries(target.searchParams)).toEqual({ type: '2', status: 'success', scope: 'student' });
  });
  it('sends staff to the dashboard host’s callback of the provider', () => {
    const target = new URL(roleChooserTarget('dashboard', { type: 4, status: 'connect' }, urls));
    expect(`${target.origin}${target.pathname}`).toBe('http://dash.example/oauth/4');
    expect(Object.fromEntries(target.searchParams)).toEqual({ type: '4', status: 'connect', scope: 'dashboard' });
  });
});

describe('oauthStartUrl', () => {
  it('starts the provider at the API with the app as scope', () => {
    expect(oauthStartUrl('http://api.example', 1, 'dashboard')).toBe('http://api.example/oauth/1?scope=dashboard');
  });
});
