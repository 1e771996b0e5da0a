import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { LtiToolUrls } from './tool-urls';

// /lti-platforms shows the addresses an administrator pastes into the LMS (docs/lti-lms-setup.md), on the API.

describe('LtiToolUrls', () => {
  it('names the login initiation, launch, deep linking and JWKS URLs of the API', () => {
    render(<LtiToolUrls />);
    const api = runtimeConfig.apiUrl.replace(/\/+$/, '');
    const value = (label: string) =>
      screen.getByText(label).closest('tr')?.querySelector('.ant-descriptions-item-content')?.textContent;
    expect(screen.getByText('Aula’s addresses for your LMS')).toBeTruthy();
    expect(value('OpenID Connect login initiation URL')).toBe(`${api}/lti/login`);
    expect(value('Launch URL (redirect URI, target link URI)')).toBe(`${api}/lti/launch`);
    expect(value('Deep linking URL')).toBe(`${api}/lti/launch`);
    expect(value('Public keyset (JWKS) URL')).toBe(`${api}/lti/jwks`);
  });
});
