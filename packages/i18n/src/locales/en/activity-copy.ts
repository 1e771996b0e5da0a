export const activityCopy = {
  duplicateTitle: '{{title}} (copy)',
} as const;
