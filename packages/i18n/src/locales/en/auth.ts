export const auth = {
  wrongCredentials: 'Wrong Credentials. Invalid username or password.',
  disabled: 'Your account is disabled. Please contact your administrator.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  resetUrlInvalid: 'The password reset URL is no longer valid. Please submit a new request.',
  resetRequested: 'If an account exists for that email address, we have sent a link to reset the password.',
  passwordUpdated: 'Your password has been successfully updated',
  sessionExpired: 'Your session has expired. Please re-login.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  wrongApp: 'Wrong Credentials. Invalid username or password.',
  resetEmailSubject: 'Reset your Aula password',
  resetEmailBody:
    'Hello {{name}},\n\nSomeone asked to reset the password of your Aula account. Open this link within {{minutes}} minutes to choose a new one:\n\n{{url}}\n\nIf you did not ask for this, you can ignore this email.',
} as const;
