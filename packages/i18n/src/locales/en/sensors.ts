// The sensors pages (/sensors, /sensor, /sensor/:sensorId) and the workers page (/worker-servers).
export const sensors = {
  title: 'Sensors',
  intro: 'The sensor kinds lab activities can read: the ones offered everywhere and your domain’s own.',
  create: 'Add sensor',
  search: 'Search sensors by name',
  name: 'Name',
  code: 'Code',
  codeField: 'code',
  codeHint: 'The identifier the lab uses for this kind of device.',
  availability: 'Offered in',
  everyDomain: 'Every domain',
  thisDomain: 'This domain',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete the sensor “{{name}}”?',
  deleteHint: 'Activities that ask for it will no longer list it.',
  deleted: 'Sensor deleted.',
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Sensor saved.',
  back: 'Back to sensors',
  createTitle: 'Add a sensor',
  editTitle: 'Edit sensor',
  empty: 'No sensors yet.',
  noMatch: 'No sensors match this search.',
} as const;

export const workers = {
  title: 'Workers',
  intro: 'The background job queues this deployment’s workers run, with the jobs in each state.',
  refresh: 'Refresh',
  search: 'Search queues by name',
  name: 'Queue',
  schedule: 'Schedule (UTC)',
  onDemand: 'When sent',
  retries: 'Retries',
  expires: 'Expires after (seconds)',
  empty: 'No queues match this search.',
  workerHere: 'This server runs the workers',
  workerElsewhere: 'Workers run on another server',
  queueDown: 'The job queue does not answer: the counts are not available.',
  queue: { up: 'Queue: answering', down: 'Queue: not answering', off: 'Queue: not counted here' },
  states: {
    created: 'Waiting',
    retry: 'To retry',
    active: 'Running',
    completed: 'Completed',
    cancelled: 'Cancelled',
    failed: 'Failed',
  },
} as const;

// The lists under an administrator (001 section 2, '*' lists): the people and classes of the admin's schools.
export const scopedLists = {
  groupsOfAdmin: 'Groups of the administrator’s schools',
  classesOfAdmin: 'Classes of the administrator’s schools',
} as const;
