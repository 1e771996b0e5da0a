import { describe, expect, it } from 'vitest';
import { isRosterUrl, rosterSourceSaveSchema } from './rostering-sources';

describe('isRosterUrl', () => {
  it('takes http(s) URLs with a host, and nothing else', () => {
    for (const ok of [
      'https://roster.example.org',
      'https://roster.example.org/ims/oneroster/v1p1',
      'http://127.0.0.1:8080',
      'https://{tenant}.oneroster.example.com/path?x=1',
    ])
      expect(isRosterUrl(ok), ok).toBe(true);
    for (const bad of [
      '',
      'roster.example.org',
      'ftp://roster.example.org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@roster.example.org',
      'https://@roster.example.org',
      'https:///path',
      'https://roster example.org',
    ])
      expect(isRosterUrl(bad), bad).toBe(false);
  });
});

describe('rosterSourceSaveSchema', () => {
  it('leaves the authorization type and the secret out when not given (the service picks oauth1 for ClassLink)', () => {
    const v = rosterSourceSaveSchema.parse({ endpoint_url: ' https://r.example.org ', client_id: 'c' });
    expect(v).toEqual({ endpoint_url: 'https://r.example.org', client_id: 'c' });
  });

  it('takes either authorization type and refuses any other', () => {
    const base = { endpoint_url: 'https://r.example.org', client_id: 'c' };
    expect(rosterSourceSaveSchema.parse({ ...base, authorization_type: 'oauth1' }).authorization_type).toBe('oauth1');
    expect(rosterSourceSaveSchema.parse({ ...base, authorization_type: 'oauth2' }).authorization_type).toBe('oauth2');
    expect(rosterSourceSaveSchema.safeParse({ ...base, authorization_type: 'basic' }).success).toBe(false);
  });

  it('refuses a schedule that is not five cron fields', () => {
    expect(
      rosterSourceSaveSchema.safeParse({ endpoint_url: 'https://r.example.org', client_id: 'c', schedule: '0 2 * *' })
        .success,
    ).toBe(false);
    expect(
      rosterSourceSaveSchema.safeParse({
        endpoint_url: 'https://r.example.org',
        client_id: 'c',
        schedule: '*/15 1-5 * * 1,3',
      }).success,
    ).toBe(true);
  });
});
