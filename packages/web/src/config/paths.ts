// Every route of the dashboard and how to link to it, in one place (DESIGN.md 2). Pages and links use `href`,
// the router uses `paths`; a path changes here and nowhere else.

export const paths = {
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  resetPasswordToken: '/reset-password/:token',
  // public pages of 001 section 2 (dashboard) and the return pages of 000 section 2 (student)
  redirect: '/redirect',
  error: '/error',
  comingSoon: '/coming-soon',
  comingSoonLti: '/coming-soon/lti',
  oauthScope: '/oauth-scope',
  oauthCallback: '/oauth/:provider',
  oauthConnect: '/oauth/:provider/connect',
  ssoReturn: '/oauth',
  ltiReturn: '/lti',
  settings: '/settings',
  settingsSection: '/settings/:section',
  // student app: an attempt at one activity of an assignment (the player, or the review once submitted)
  work: '/work/:attemptId',
  notFound: '*',
} as const;

/** Query parameter carrying the page to return to after sign-in. */
export const REDIRECT_PARAM = 'redirect';

/** Only same-app paths are followed after sign-in, so a crafted link cannot send users elsewhere. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return paths.home;
  return target;
}

export const href = {
  home: () => paths.home,
  signIn: (returnTo?: string) =>
    returnTo && returnTo !== paths.home
      ? `${paths.signIn}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`
      : paths.signIn,
  forgotPassword: () => paths.forgotPassword,
  resetPassword: (token: string) => `${paths.resetPassword}/${encodeURIComponent(token)}`,
  error: () => paths.error,
  oauthCallback: (provider: number) => `/oauth/${provider}`,
  settings: (section?: string) => (section ? `${paths.settings}/${section}` : paths.settings),
  work: (attemptId: number) => `/work/${attemptId}`,
};
