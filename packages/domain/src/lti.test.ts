import { describe, expect, it } from 'vitest';
import { isLtiIssuer, isLtiUrl, ltiKeyState, LTI_RETIRED_PUBLISH_SECONDS } from './lti.ts';

const at = (iso: string) => new Date(iso);

describe('ltiKeyState', () => {
  const none = { signsFrom: null, retiresAt: null, deactivatedAt: null };
  it('follows a key from standby through signing to retired and out of the JWKS', () => {
    const now = at('2026-11-01T10:00:00Z');
    expect(ltiKeyState(none, now)).toBe('standby');
    expect(ltiKeyState({ ...none, signsFrom: at('2026-11-01T11:00:00Z') }, now)).toBe('scheduled');
    expect(ltiKeyState({ ...none, signsFrom: at('2026-11-01T10:00:00Z') }, now)).toBe('active');
    const retiring = { ...none, signsFrom: at('2026-10-01T00:00:00Z'), retiresAt: at('2026-11-01T10:00:00Z') };
    expect(ltiKeyState(retiring, at('2026-11-01T09:59:59Z'))).toBe('active');
    expect(ltiKeyState(retiring, now)).toBe('retired');
    const end = new Date(now.getTime() + LTI_RETIRED_PUBLISH_SECONDS * 1000);
    expect(ltiKeyState(retiring, new Date(end.getTime() - 1))).toBe('retired');
    expect(ltiKeyState(retiring, end)).toBe('expired');
    expect(ltiKeyState({ ...retiring, deactivatedAt: now }, at('2026-11-01T09:00:00Z'))).toBe('deactivated');
  });
});

describe('LTI URLs', () => {
  it('take https, and http only on this machine; an issuer has no query', () => {
    expect(isLtiUrl('https://canvas.instructure.com/api/lti/security/jwks')).toBe(true);
    expect(isLtiUrl('http://127.0.0.1:4000/jwks')).toBe(true);
    expect(isLtiUrl('http://canvas.example.test/jwks')).toBe(false);
    expect(isLtiUrl('https://user:pw@canvas.example.test/')).toBe(false);
    expect(isLtiUrl('ftp://canvas.example.test')).toBe(false);
    expect(isLtiIssuer('https://canvas.instructure.com')).toBe(true);
    expect(isLtiIssuer('https://canvas.instructure.com/?a=1')).toBe(false);
  });
});
