export const notifications = {
  toastSeconds: '30',
} as const;
