import { z } from 'zod';
import { isEmail } from './email.ts';

// Sign-in and password rules shared by the API and both apps (001 sections 3 and 5).
// Messages are i18n keys (packages/i18n); the API and the UIs translate them.

export const PASSWORD_MIN_LENGTH = 8;

/** 'minimum 8 characters; must include numbers, letters and special characters' */
export const passwordSchema = z
  .string({ error: 'validation.enter' })
  .min(1, 'validation.enter')
  .min(PASSWORD_MIN_LENGTH, 'validation.minLength')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v) && /[^A-Za-z0-9]/.test(v), 'validation.passwordComplexity');

export const emailSchema = z
  .string({ error: 'validation.enter' })
  .trim()
  .min(1, 'validation.enter')
  .pipe(z.string().refine(isEmail, 'validation.invalidEmail'));

export const loginFormSchema = z.object({
  login: z.string({ error: 'validation.enter' }).trim().min(1, 'validation.enter'),
  password: z.string({ error: 'validation.enter' }).min(1, 'validation.enter'),
  rememberMe: z.boolean().optional(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** PATCH /dashboard/settings/password */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: 'validation.enter' }).min(1, 'validation.enter'),
    password: passwordSchema,
    password_confirmation: z.string({ error: 'validation.repeat' }).min(1, 'validation.repeat'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.passwordsMismatch',
  });

/** Step three of the password reset: a new password, twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'validation.enter' }).min(1, 'validation.enter'),
    password: passwordSchema,
    password_confirmation: z.string({ error: 'validation.repeat' }).min(1, 'validation.repeat'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'validation.passwordsMismatch',
  });

export const resetRequestSchema = z.object({ email: emailSchema });

/** The change-password action is offered while the password still equals the email (001 section 2). */
export const CHANGE_PASSWORD_ACTION = 'change-password';

export function passwordEqualsEmail(password: string, email: string | null | undefined): boolean {
  return !!email && password.trim().toLowerCase() === email.trim().toLowerCase();
}

// Sign-in type codes (000 section 3): 0 form, 1 ClassLink, 2 Clever, 3 LTI, 4 Google.
export const SIGN_IN_TYPES = { form: 0, classlink: 1, clever: 2, lti: 3, google: 4 } as const;
export type SignInType = keyof typeof SIGN_IN_TYPES;
export const OAUTH_PROVIDERS = { 1: 'classlink', 2: 'clever', 3: 'lti', 4: 'google' } as const;
export const SSO_RESULT_STATUSES = ['success', 'fail', 'connect'] as const;
export const SSO_SCOPES = ['dashboard', 'student'] as const;
export type SsoResultStatus = (typeof SSO_RESULT_STATUSES)[number];
export type SsoScope = (typeof SSO_SCOPES)[number];
export type OauthProviderCode = keyof typeof OAUTH_PROVIDERS;
export type OauthProviderName = (typeof OAUTH_PROVIDERS)[OauthProviderCode];
/** The providers a sign-in page can offer under 'Or continue with', in the spec's order (LTI starts elsewhere). */
export const SIGN_IN_BUTTON_PROVIDERS = ['classlink', 'clever', 'google'] as const;
export type SignInButtonProvider = (typeof SIGN_IN_BUTTON_PROVIDERS)[number];

// LTI message types (000 section 2); a return page without one treats the launch as a resource link.
export const LTI_MESSAGE_TYPES = ['LtiDeepLinkingRequest', 'LtiResourceLinkRequest'] as const;
export type LtiMessageType = (typeof LTI_MESSAGE_TYPES)[number];
export const DEFAULT_LTI_MESSAGE_TYPE: LtiMessageType = 'LtiResourceLinkRequest';

/** Which app a session belongs to: staff sign in to the dashboard, students to the student app. */
export const SESSION_SCOPES = ['dashboard', 'student'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];

// User settings of 001 section 3 beyond the account settings.
export const USER_SETTINGS = ['language_switcher', 'auto_logout', 'language'] as const;
export type UserSettingName = (typeof USER_SETTINGS)[number];
export const userSettingsPatchSchema = z
  .object({
    language_switcher: z.boolean().optional(),
    // minutes of inactivity before sign-out; 0 turns it off
    auto_logout: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .optional(),
    language: z.enum(['en', 'es', 'uk']).optional(),
    first_name: z.string().trim().min(1, 'validation.enter').max(100, 'validation.maxLength').optional(),
    last_name: z.string().trim().min(1, 'validation.enter').max(100, 'validation.maxLength').optional(),
    middle_name: z.string().trim().max(100, 'validation.maxLength').nullable().optional(),
  })
  .strict();
