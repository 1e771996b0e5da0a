import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { readError, type ApiError } from './api-errors';
import { translate } from './i18n';
import { toastError } from './notifier';

/** 001 section 9: validation toasts stay 10 seconds. */
const VALIDATION_TOAST_SECONDS = 10;

/** Calls whose failures the screen itself shows (001 section 8: login is not toasted by the handler). */
const SCREEN_HANDLED = new Set<string>(['signIn', 'signOut']);

function endpointOf(meta: unknown): string | undefined {
  if (typeof meta !== 'object' || meta === null || !('arg' in meta)) return undefined;
  const { arg } = meta;
  if (typeof arg !== 'object' || arg === null || !('endpointName' in arg)) return undefined;
  return typeof arg.endpointName === 'string' ? arg.endpointName : undefined;
}

export function toastApiError(error: ApiError): void {
  const { status, message, validation } = readError(error);
  if (status === 401) {
    toastError(translate('errors.unauthenticated'));
  } else if (status === 403) {
    toastError(translate('dashboard.toasts.forbidden'));
  } else if (status === 422 && !message && validation.length > 0) {
    for (const text of validation) toastError(text, VALIDATION_TOAST_SECONDS);
  } else if (status === 422 && message) {
    toastError(message, VALIDATION_TOAST_SECONDS);
  } else if (status === undefined && error.status === 'FETCH_ERROR') {
    toastError(translate('dashboard.toasts.unreachable'));
  } else {
    toastError(message ? translate('dashboard.toasts.error', { message }) : translate('dashboard.toasts.errorGeneric'));
  }
}

/** The one response handler of DESIGN.md 7: every rejected call a screen does not handle becomes a toast. */
export const apiErrorToasts: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const endpoint = endpointOf(action.meta);
    if (endpoint && !SCREEN_HANDLED.has(endpoint)) toastApiError(action.payload as ApiError);
  }
  return next(action);
};
