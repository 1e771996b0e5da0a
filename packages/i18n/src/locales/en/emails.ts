// The Emails page (issue 14): the platform's sent emails as staff with the technology resource see them.
export const emails = {
  title: 'Emails',
  intro: 'The emails the platform has written, newest first, and whether each one was delivered.',
  bodiesShown:
    'No SMTP server is set (SMTP_URL), so emails are kept here and not delivered. Open one to read it and follow its links.',
  bodiesHidden: 'Email contents are shown only outside production when no SMTP server is set.',
  search: 'Search by address or subject',
  state: 'State',
  allStates: 'All states',
  to: 'To',
  subject: 'Subject',
  created: 'Created',
  sent: 'Sent',
  open: 'Open',
  empty: 'No emails yet.',
  states: {
    stored: 'Kept here (no SMTP server)',
    queued: 'Queued',
    sent: 'Sent',
    failed: 'Failed',
  },
  back: 'Back to emails',
  message: 'Message',
  error: 'Delivery error',
  notFound: 'This email could not be found.',
  loadFailed: 'This email could not be loaded.',
} as const;
