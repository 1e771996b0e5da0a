import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

// Toasts are raised from Redux middleware, outside React; AntD's themed message API only exists inside <App>,
// so the component tree hands it over here once mounted.
let current: AppApi | null = null;

export function setNotifier(api: AppApi | null): void {
  current = api;
}

export function toastError(content: string, seconds?: number): void {
  void current?.message.error({ content, duration: seconds });
}
