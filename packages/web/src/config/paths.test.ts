import { describe, expect, it } from 'vitest';
import { href, safeRedirect } from './paths';

describe('sign-in redirects', () => {
  it('carries the page the visitor asked for, except home', () => {
    expect(href.signIn()).toBe('/sign-in');
    expect(href.signIn('/')).toBe('/sign-in');
    expect(href.signIn('/classes/12?tab=students')).toBe('/sign-in?redirect=%2Fclasses%2F12%3Ftab%3Dstudents');
  });

  it('follows only paths of this app', () => {
    expect(safeRedirect('/classes/12?tab=students')).toBe('/classes/12?tab=students');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
});
