// Messages of the roster import queue calls (issue 16); the dashboard pages add their own area file.
export const rosterQueue = {
  errors: {
    illegalTransition: 'This import cannot be changed that way while its status is {{status}}.',
    notRefreshable:
      'Only an import from a roster source that has not been applied can read its source again (its status is {{status}}).',
    fileRequired: 'Please choose a OneRoster zip file.',
    notZip: 'The file must be a zip archive (.zip).',
    tooBig: 'The file is too large.',
    noFile: 'This import has no file to download.',
    uploadFailed: 'The file could not be uploaded. Please try again.',
  },
} as const;
