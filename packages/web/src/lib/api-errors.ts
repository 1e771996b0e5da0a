import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** A failed call; `retryAfterMs` when the server said when to come back (a 503 while shedding load, lib/api-retry.ts). */
export type ApiError = FetchBaseQueryError & { retryAfterMs?: number };

/** The API's error body (DESIGN.md 4): 422 `{ message?, errors: { field: [messages] } }`, others `{ message }`. */
interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

export interface ErrorDetails {
  /** HTTP status, or undefined when the server could not be reached or answered something unreadable. */
  status: number | undefined;
  /** The server's `message`, when it sent one. */
  message: string | undefined;
  /** Every validation message of `errors`, in field order. */
  validation: string[];
  /** The server's Retry-After, in milliseconds, when it sent one. */
  retryAfterMs?: number | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isApiError(error: unknown): error is ApiError {
  return isObject(error) && 'status' in error;
}

export function readError(error: ApiError | SerializedError | undefined): ErrorDetails {
  if (!error || !isApiError(error))
    return { status: undefined, message: undefined, validation: [], retryAfterMs: undefined };
  const status = typeof error.status === 'number' ? error.status : undefined;
  const body: ErrorBody = isObject(error.data) ? error.data : {};
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
  const validation = isObject(body.errors)
    ? Object.values(body.errors).flatMap((messages) =>
        Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [],
      )
    : [];
  const retryAfterMs = typeof error.retryAfterMs === 'number' ? error.retryAfterMs : undefined;
  return { status, message, validation, retryAfterMs };
}

/**
 * What a screen shows for a failed call (001 section 5): the server's message if present, otherwise each
 * validation message; `fallback` covers an unreachable server or an unreadable answer.
 */
export function errorMessages(error: ApiError | SerializedError | undefined, fallback: string): string[] {
  const { message, validation } = readError(error);
  if (message) return [message];
  if (validation.length > 0) return validation;
  return [fallback];
}
