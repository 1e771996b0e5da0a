import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { runtimeConfig } from '../../../lib/runtime-config';
import { SignInExtras } from './sign-in-extras';

// Issue 14, item 10: 'Or continue with' and the provider buttons show only for the providers the API names (those a
// district turned on); with none, the sign-in page has neither the divider nor a button.

function answer(data: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string) => {
      calls.push(typeof input === 'string' ? input : input.url);
      return Promise.resolve(
        new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

function renderExtras() {
  return render(
    <Provider store={createStore()}>
      <SignInExtras />
    </Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SignInExtras', () => {
  it('shows no divider and no provider button when no provider is turned on', async () => {
    const calls = answer([]);
    const { container } = renderExtras();
    await waitFor(() => expect(calls).toEqual([`${runtimeConfig.apiUrl}/dashboard/auth/sign-in-providers`]));
    // give the answer time to render
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Or continue with')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('shows the providers the API names, each starting its sign-in at the API', async () => {
    answer([
      { code: 2, provider: 'clever' },
      { code: 4, provider: 'google' },
    ]);
    renderExtras();
    // the divider and the buttons load on demand (sign-in-providers.tsx), which the first run in a test transforms
    await screen.findByText('Or continue with', {}, { timeout: 15_000 });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Sign in with Clever', 'Sign in with Google']);
    expect(links[1]!.getAttribute('href')).toBe(`${runtimeConfig.apiUrl}/oauth/4?scope=dashboard`);
    expect(screen.queryByText('ClassLink')).toBeNull();
  });

  it('asks for the district ID when the API sent the user back for it, and starts with it', async () => {
    answer([{ code: 2, provider: 'clever' }]);
    window.history.replaceState(null, '', '/sign-in?sso_district=2');
    try {
      renderExtras();
      await screen.findByText('Which district are you in?');
      const input = screen.getByLabelText('District ID');
      fireEvent.change(input, { target: { value: ' A1-ID ' } });
      const go = screen.getByRole('link', { name: 'Continue with Clever' });
      expect(go.getAttribute('href')).toBe(`${runtimeConfig.apiUrl}/oauth/2?scope=dashboard&district=A1-ID`);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
