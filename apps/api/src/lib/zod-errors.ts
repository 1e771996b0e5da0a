import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { MessageRef } from './errors';

// fastify-type-provider-zod hands us zod issues; their messages are our i18n keys (packages/domain sets them).
// Issues that carry zod's own English text are mapped to the nearest spec message by issue code.

interface ZodLikeIssue {
  code?: string;
  message?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  expected?: string;
  input?: unknown;
}

export function hasValidationErrors(err: unknown): err is { validation: FastifySchemaValidationError[] } {
  return typeof err === 'object' && err !== null && Array.isArray((err as { validation?: unknown }).validation);
}

function refFor(issue: ZodLikeIssue): MessageRef {
  const msg = issue.message ?? '';
  const params: Record<string, string | number> = {};
  if (issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.maximum !== undefined) params.max = Number(issue.maximum);
  if (/^[a-z]+(\.[A-Za-z]+)+$/.test(msg)) return { key: msg, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: msg.includes('received undefined') ? 'validation.enter' : 'validation.valid', params };
    case 'too_small':
      return {
        key: issue.origin === 'string' && params.min === 1 ? 'validation.enter' : 'validation.minLength',
        params,
      };
    case 'too_big':
      return { key: 'validation.maxLength', params };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'validation.select', params };
    default:
      return { key: 'validation.valid', params };
  }
}

export function zodIssuesToFieldErrors(
  validation: readonly FastifySchemaValidationError[],
): Record<string, MessageRef[]> {
  const out: Record<string, MessageRef[]> = {};
  for (const v of validation) {
    const pathParts = v.instancePath.split('/').filter(Boolean);
    const issue: ZodLikeIssue = { ...(v.params as ZodLikeIssue), code: v.keyword, message: v.message };
    const field = pathParts.length ? pathParts.join('.') : 'body';
    const ref = refFor(issue);
    // an array item ('tags.0') is named by its list ('tags')
    const fieldName = pathParts.filter((p) => !/^\d+$/.test(p)).pop() ?? field;
    (out[field] ??= []).push({ key: ref.key, params: { field: fieldName, ...ref.params } });
  }
  return out;
}
