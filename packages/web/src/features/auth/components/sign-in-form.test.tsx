import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { emailCheck } from '../../../lib/form-rules';
import { translate } from '../../../lib/i18n';
import { SignInForm } from './sign-in-form';

// The sign-in form is not an AntD Form (decision 0008): these check that it keeps the rules, messages and ARIA wiring
// AntD's Form gave it.

const WRONG = 'Wrong Credentials. Invalid username or password.';

function answer(status: number, body: unknown) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      bodies.push(await input.clone().json());
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}

function renderForm() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <SignInForm loginField={{ label: 'Email address', check: emailCheck(() => translate('fields.login')) }} />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SignInForm', () => {
  it('checks every field when sent empty: messages tied to their inputs, focus on the first, no call', async () => {
    const bodies = answer(200, {});
    renderForm();
    const login = screen.getByLabelText('Email address');
    const password = screen.getByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const loginMessage = await screen.findByText('Please enter email address');
    const passwordMessage = screen.getByText('Please enter password');
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(login.getAttribute('aria-describedby')).toBe(loginMessage.id);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(passwordMessage.id);
    expect(document.activeElement).toBe(login);
    expect(bodies).toEqual([]);
  });

  it('checks a field when it loses the focus, keeps the message while typing, and clears it when fixed', async () => {
    renderForm();
    const login = screen.getByLabelText('Email address');
    await userEvent.type(login, 'not-an-email');
    expect(screen.queryByText('Invalid email address')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Invalid email address')).toBeTruthy();

    await userEvent.clear(login);
    await userEvent.type(login, 'teacher@example.com');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await userEvent.tab();
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(login.getAttribute('aria-invalid')).toBeNull();
    expect(login.getAttribute('aria-describedby')).toBeNull();
  });

  it('sends the trimmed login, the password and Remember me, and shows the server’s message', async () => {
    const bodies = answer(422, { message: WRONG });
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), '  teacher@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'not-the-password-1!');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(WRONG));
    expect(bodies).toEqual([{ login: 'teacher@example.com', password: 'not-the-password-1!', rememberMe: true }]);
  });
});
