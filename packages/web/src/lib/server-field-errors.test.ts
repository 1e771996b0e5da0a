import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  it('puts each 422 message on its form field and drops fields the form does not have', () => {
    const error = {
      status: 422,
      data: {
        message: 'Current password is incorrect.',
        errors: { current_password: ['Current password is incorrect.'], other: ['x'], password: [1] },
      },
    };
    expect(serverFieldErrors(error, ['current_password', 'password'])).toEqual([
      { name: 'current_password', errors: ['Current password is incorrect.'] },
    ]);
  });

  it('ignores errors that are not validation errors', () => {
    expect(serverFieldErrors({ status: 500, data: { errors: { password: ['x'] } } }, ['password'])).toEqual([]);
    expect(serverFieldErrors(undefined, ['password'])).toEqual([]);
  });
});
