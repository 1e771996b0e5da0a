import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

// Toasts are raised from Redux middleware, outside React; AntD's themed message API only exists inside <App>,
// so the component tree hands it over here once mounted. A toast raised before that (e.g. the 401 of the first
// /my call after a reload) waits for it instead of being lost.
let current: AppApi | null = null;
const pending: { content: string; seconds: number | undefined }[] = [];

export function setNotifier(api: AppApi | null): void {
  current = api;
  if (!api) return;
  for (const toast of pending.splice(0)) void api.message.error({ content: toast.content, duration: toast.seconds });
}

export function toastError(content: string, seconds?: number): void {
  if (current) void current.message.error({ content, duration: seconds });
  else pending.push({ content, seconds });
}
