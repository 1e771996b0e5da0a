// How long toasts stay (001 section 9). No zod here: the apps' first load imports this.
export const NOTIFICATION_TOAST_SECONDS = 30;
export const VALIDATION_TOAST_SECONDS = 10;
