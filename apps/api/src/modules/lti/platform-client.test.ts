import { describe, expect, it } from 'vitest';
import { nextLink, PlatformServiceError, scoresUrl } from './platform-client';

// The URL rules of calls to a platform: where a score goes, which page comes next, and what is never called.

describe('scoresUrl', () => {
  it('appends /scores to the line item path and keeps its query', () => {
    expect(scoresUrl('https://lms.test/api/lti/courses/4/line_items/9')).toBe(
      'https://lms.test/api/lti/courses/4/line_items/9/scores',
    );
    expect(scoresUrl('https://lms.test/mod/lti/services.php/2/lineitems/7/lineitem?type_id=3')).toBe(
      'https://lms.test/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=3',
    );
    expect(scoresUrl('https://lms.test/line_items/9/')).toBe('https://lms.test/line_items/9/scores');
  });

  it('refuses a URL that is not https (or http on this machine), for good', () => {
    for (const bad of ['http://lms.test/line_items/9', 'file:///etc/passwd', 'not a url']) {
      expect(() => scoresUrl(bad)).toThrow(PlatformServiceError);
      try {
        scoresUrl(bad);
      } catch (err) {
        expect((err as PlatformServiceError).permanent).toBe(true);
      }
    }
    expect(scoresUrl('http://127.0.0.1:8080/li/1')).toBe('http://127.0.0.1:8080/li/1/scores');
  });
});

describe('nextLink', () => {
  const base = 'https://lms.test/api/lti/courses/4/names_and_roles';
  it('finds rel="next" among several links, resolved against the request URL', () => {
    expect(
      nextLink(`<${base}?page=1>; rel="first", <${base}?page=3>; rel="next", <${base}?page=9>; rel="last"`, base),
    ).toBe(`${base}?page=3`);
    expect(nextLink('</api/lti/courses/4/names_and_roles?page=2>; rel=next', base)).toBe(`${base}?page=2`);
    expect(nextLink(`<${base}?page=2>; rel="differences next"`, base)).toBe(`${base}?page=2`);
  });

  it('is null without a next link', () => {
    expect(nextLink(null, base)).toBeNull();
    expect(nextLink(`<${base}?page=1>; rel="first"`, base)).toBeNull();
    expect(nextLink('garbage', base)).toBeNull();
  });
});
