// The renderer's media widgets (packages/activity/src/media).
export const activityMedia = {
  noAccess: "You don't have access to this media. If you have any questions, feel free to reach out to your teacher.",
  missing: 'This media is not available.',
  vernierChromeOnly: 'Vernier is only supported in Chrome',
  needReload: 'Your lab group has been updated. Please reload the page to see the actual data.',
  reload: 'Reload',
  waitingForHost: 'Waiting for {{name}} to start data collection.',
  sensorsRequired: 'Sensors Required:',
  sensorConnected: 'A sensor is connected',
  sensorNotConnected: 'No sensor is connected',
  videoFailed: 'This video can not be played.',
  loading: 'Loading…',
  pdfPage: 'Page {{page}} of {{total}}',
  pdfPrevious: 'Previous page',
  pdfNext: 'Next page',
  pdfThumbnail: 'Page {{page}}',
  pdfPages: 'Pages',
} as const;
