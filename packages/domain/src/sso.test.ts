import { describe, expect, it } from 'vitest';
import { isHostedDomain, isIssuerUrl, ssoConfigProblems, ssoConfigSaveSchema } from './sso.ts';

describe('isIssuerUrl', () => {
  it('takes https issuers, and plain http only on a loopback host', () => {
    for (const ok of ['https://clever.com', 'https://launchpad.classlink.com/', 'https://idp.example.org/tenant/a'])
      expect(isIssuerUrl(ok), ok).toBe(true);
    for (const ok of ['http://127.0.0.1:4000', 'http://localhost:9000/x', 'http://[::1]:8080'])
      expect(isIssuerUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://clever.com',
      'ftp://clever.com',
      'clever.com',
      'https://me:pw@clever.com',
      'https://clever.com/?a=1',
      'https://clever.com/#x',
      'javascript:alert(1)',
      '',
    ])
      expect(isIssuerUrl(bad), bad).toBe(false);
  });
});

describe('provider rules', () => {
  it('ClassLink needs a tenant; hosted domains are for Google only', () => {
    expect(ssoConfigProblems('classlink', { tenant: ' ' })).toEqual([{ field: 'tenant', key: 'validation.enter' }]);
    expect(ssoConfigProblems('classlink', { tenant: 'district-1' })).toEqual([]);
    expect(ssoConfigProblems('clever', { hosted_domains: ['a.org'] })).toEqual([
      { field: 'hosted_domains', key: 'validation.valid' },
    ]);
    expect(ssoConfigProblems('google', { hosted_domains: ['a.org'] })).toEqual([]);
  });

  it('hosted domains are DNS names, lower-cased', () => {
    expect(isHostedDomain('schools.example.org')).toBe(true);
    expect(isHostedDomain('not a domain')).toBe(false);
    expect(isHostedDomain('@example.org')).toBe(false);
    const parsed = ssoConfigSaveSchema.parse({
      issuer: 'https://accounts.google.com',
      client_id: 'x',
      hosted_domains: [' Alpha.K12.US '],
    });
    expect(parsed.hosted_domains).toEqual(['alpha.k12.us']);
  });
});
