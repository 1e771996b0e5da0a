// Services throw these; plugins/errors.ts is the one place that turns them into HTTP responses.
// Messages are i18n keys (packages/i18n) with their parameters, translated per request language.

export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

export abstract class DomainError extends Error {
  abstract readonly status: 401 | 403 | 404 | 409 | 422 | 429;
  constructor(readonly ref: MessageRef) {
    super(ref.key);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly status = 401;
  constructor(ref: MessageRef = { key: 'errors.unauthenticated' }) {
    super(ref);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  constructor(ref: MessageRef = { key: 'errors.forbidden' }) {
    super(ref);
  }
}

/** Also used for rows of another tenant, so that their existence is not revealed. */
export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(ref: MessageRef = { key: 'errors.notFound' }) {
    super(ref);
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  /** `problems`: what stands in the way, each told to the caller as a sentence (e.g. a version that cannot publish) */
  constructor(
    ref: MessageRef = { key: 'errors.conflict' },
    readonly problems: MessageRef[] = [],
  ) {
    super(ref);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly status = 429;
  constructor(ref: MessageRef = { key: 'auth.tooManyAttempts' }) {
    super(ref);
  }
}

/** 422 `{ message?, errors: { field: [messages] } }` */
export class ValidationError extends DomainError {
  readonly status = 422;
  constructor(
    readonly fieldErrors: Record<string, MessageRef[]>,
    message?: MessageRef,
  ) {
    super(message ?? { key: 'validation.invalidValue' });
    this.hasMessage = !!message;
  }
  readonly hasMessage: boolean;

  static field(
    field: string,
    key: string,
    params?: Record<string, string | number>,
    withMessage = false,
  ): ValidationError {
    const ref = { key, params: { field, ...params } };
    return new ValidationError({ [field]: [ref] }, withMessage ? ref : undefined);
  }
}
