import { VALIDATION_TOAST_SECONDS } from '@aula/domain/toasts';
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { sessionRejected } from './session-actions';
import { readError, type ApiError } from './api-errors';
import { translate } from './i18n';
import { toastError } from './notifier';

/** Not in the spec; as long as a validation toast. */
const SESSION_EXPIRED_TOAST_SECONDS = VALIDATION_TOAST_SECONDS;

/**
 * Calls whose failures the screen itself shows (001 section 8: login, reset-password step two and token validation
 * are not toasted by the handler; change password and user settings are handled by their screens).
 */
const SCREEN_HANDLED = new Set<string>([
  // issue 17: a district's SSO provider settings show their errors on the form and the test result on the screen
  'saveSsoConfig',
  'deleteSsoConfig',
  'testSsoConfig',
  'signIn',
  'signOut',
  'requestPasswordReset',
  'validateResetToken',
  'resetPassword',
  'changePassword',
  'updateMySettings',
  'oauthSignIn',
  // 'student set password' (001 section 8): the set-password dialog shows its own messages
  'setStudentPassword',
  // 001 section 8: assignment update and delete are handled by their screen (the attempted-assignment message)
  'updateAssignment',
  'deleteAssignment',
  // issue 6, the student's player: saves report through the save status line (never a toast per retry), moving on
  // and submitting through the player's alerts, opening through the home, the previous submission through the essay
  'startAttempt',
  'saveAnswers',
  'saveStates',
  'progressAttempt',
  'submitAttempt',
  'getPreviousSubmission',
  // issue 6: a teacher's score of one answer is refused under its score box (the renderer's grade form)
  'gradeAnswer',
  // issue 14: the activity the assign flow was opened with from the library; the flow says when it cannot be used
  'getPresetActivity',
  // issue 14: an email's page says why it cannot show the email (bodies are not shown in production)
  'getEmail',
  // issue 15: the Account ID check shows 'Account ID is not unique.' under its field; an account that still has data
  // is explained on the delete page; an account the viewer cannot see shows page not found, settings that cannot
  // load say so on their page
  'checkDistrictId',
  'deleteAccount',
  'getAccount',
  'getAccountSettings',
  // issue 16: the OneRoster validation page shows why an archive was refused beside the upload
  'validateRosterZip',
  // issue 16: roster sources' errors are the screen's (002 section 8)
  'listRosterSources',
  'saveRosterSource',
  'toggleRosterSource',
  'deleteRosterSource',
  'testRosterSource',
  'importFromRosterSource',
  // issue 18 (002 section 8): LTI deployment create and update are handled by their screen
  'createLtiDeployment',
  'updateLtiDeployment',
]);

function endpointOf(meta: unknown): string | undefined {
  if (typeof meta !== 'object' || meta === null || !('arg' in meta)) return undefined;
  const { arg } = meta;
  if (typeof arg !== 'object' || arg === null || !('endpointName' in arg)) return undefined;
  return typeof arg.endpointName === 'string' ? arg.endpointName : undefined;
}

export function toastApiError(error: ApiError): void {
  const { status, message, validation } = readError(error);
  if (status === 401) {
    // toasted once, when the session ends (below)
    return;
  }
  if (status === 403) {
    toastError(translate(`${__AULA_APP__}.toasts.forbidden`));
  } else if (status === 422 && !message && validation.length > 0) {
    for (const text of validation) toastError(text, VALIDATION_TOAST_SECONDS);
  } else if (status === 422 && message) {
    toastError(message, VALIDATION_TOAST_SECONDS);
  } else if (status === undefined && error.status === 'FETCH_ERROR') {
    toastError(translate(`${__AULA_APP__}.toasts.unreachable`));
  } else {
    toastError(
      message
        ? translate(`${__AULA_APP__}.toasts.error`, { message })
        : translate(`${__AULA_APP__}.toasts.errorGeneric`),
    );
  }
}

/** The one response handler of DESIGN.md 7: every rejected call a screen does not handle becomes a toast. */
// only the slice this handler reads, so the store's type does not depend on itself
interface SessionState {
  auth: { token: string | null };
}

export const apiErrorToasts: Middleware<object, SessionState> = (store) => (next) => (action) => {
  // 001 section 8: a 401 ends the session with one toast, however many calls were refused
  if (sessionRejected.match(action) && store.getState().auth.token !== null) {
    // long enough to read on the sign-in page the user is sent to
    toastError(translate('errors.unauthenticated'), SESSION_EXPIRED_TOAST_SECONDS);
  } else if (isRejectedWithValue(action)) {
    const endpoint = endpointOf(action.meta);
    if (endpoint && !SCREEN_HANDLED.has(endpoint)) toastApiError(action.payload as ApiError);
  }
  return next(action);
};
