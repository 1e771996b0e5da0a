import { describe, expect, it } from 'vitest';
import { nextAfterSso, oauthConnectPath } from './sso-handoff';

const urls = { dashboardUrl: 'https://dash.example', studentUrl: 'https://student.example' };

describe('nextAfterSso', () => {
  it('keeps a session of this app here', () => {
    const r = { status: 'success', type: 2, scope: 'student', token: 'T', expires_at: '' } as const;
    expect(nextAfterSso(r, 'student', urls)).toEqual({ kind: 'session', token: 'T', path: '/' });
  });

  it('an LTI launch goes to the page it opens, on this app only', () => {
    const lti = {
      status: 'success',
      type: 3,
      scope: 'student',
      token: 'T',
      expires_at: '',
      target: '/lti?a=1',
    } as const;
    expect(nextAfterSso(lti, 'student', urls)).toEqual({ kind: 'session', token: 'T', path: '/lti?a=1' });
    const away = { ...lti, target: '//evil.example/x' };
    expect(nextAfterSso(away, 'student', urls)).toEqual({ kind: 'session', token: 'T', path: '/' });
  });

  it('sends a student to the student host and staff to the dashboard host', () => {
    const student = { status: 'success', type: 2, scope: 'student', token: 'T s', expires_at: '' } as const;
    expect(nextAfterSso(student, 'dashboard', urls)).toEqual({
      kind: 'leave',
      href: 'https://student.example/oauth?status=success&type=2&scope=student&token=T+s',
    });
    const staff = { status: 'success', type: 1, scope: 'dashboard', token: 'T', expires_at: '' } as const;
    expect(nextAfterSso(staff, 'student', urls)).toEqual({
      kind: 'leave',
      href: 'https://dash.example/redirect?token=T',
    });
  });

  it('asks for the role with the one-time hash, and connects with the connect hash', () => {
    const both = { status: 'success', type: 4, scope: null, hash: 'H', roles: ['student', 'dashboard'] } as const;
    expect(nextAfterSso(both, 'student', urls)).toEqual({
      kind: 'choose',
      path: '/oauth-scope?type=4&status=success&hash=H',
    });
    const connect = { status: 'connect', type: 1, scope: 'dashboard', hash: 'a/b' } as const;
    expect(nextAfterSso(connect, 'dashboard', urls)).toEqual({
      kind: 'connect',
      connectPath: oauthConnectPath(1, 'a/b'),
    });
    expect(oauthConnectPath(1, 'a/b')).toBe('/oauth/1/connect?hash=a%2Fb');
  });
});
