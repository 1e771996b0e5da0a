/** Job names of AGS, apart from their handlers so the attempts module can send without importing them. */
export const LTI_AGS_SYNC_JOB = 'lti-ags-sync';
export const LTI_AGS_SEND_JOB = 'lti-ags-send';
