import { describe, expect, it } from 'vitest';
import { errorMessages, readError } from './api-errors';

const FALLBACK = 'We could not reach the server.';

describe('errorMessages', () => {
  it('shows the server message when there is one', () => {
    const error = {
      status: 422,
      data: {
        message: 'Wrong Credentials. Invalid username or password.',
        errors: { login: ['Wrong Credentials. Invalid username or password.'] },
      },
    };
    expect(errorMessages(error, FALLBACK)).toEqual(['Wrong Credentials. Invalid username or password.']);
  });

  it('otherwise shows every validation message', () => {
    const error = {
      status: 422,
      data: { errors: { login: ['Please enter email address'], password: ['Please enter password', 42] } },
    };
    expect(errorMessages(error, FALLBACK)).toEqual(['Please enter email address', 'Please enter password']);
  });

  it('falls back when the server could not be reached', () => {
    expect(errorMessages({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, FALLBACK)).toEqual([FALLBACK]);
    expect(readError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).status).toBeUndefined();
  });
});
