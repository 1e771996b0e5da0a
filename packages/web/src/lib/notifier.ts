import type { MessageInstance } from 'antd/es/message/interface';

// Toasts are raised from Redux middleware, outside React; AntD's themed message API only exists inside the React
// tree, so the toast host (app/toast-host.tsx) hands it over here once mounted. The host is not part of the first
// bundle: it loads when the browser is first idle, or at once for a toast raised before that (e.g. the 401 of the
// first /my call after a reload), which waits for it instead of being lost.
type Messages = Pick<MessageInstance, 'error' | 'success'>;
type Kind = 'error' | 'success';

let current: Messages | null = null;
const pending: { kind: Kind; content: string; seconds: number | undefined }[] = [];
let hostRequested = false;
const requestListeners = new Set<() => void>();

export function setNotifier(api: Messages | null): void {
  current = api;
  if (!api) return;
  for (const toast of pending.splice(0)) void api[toast.kind]({ content: toast.content, duration: toast.seconds });
}

/** Asks for the toast host to be mounted (once); the providers render it from then on. */
export function requestToastHost(): void {
  if (hostRequested) return;
  hostRequested = true;
  for (const listener of requestListeners) listener();
}

export function isToastHostRequested(): boolean {
  return hostRequested;
}

export function subscribeToastHostRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function toast(kind: Kind, content: string, seconds: number | undefined): void {
  if (current) {
    void current[kind]({ content, duration: seconds });
    return;
  }
  pending.push({ kind, content, seconds });
  requestToastHost();
}

export function toastError(content: string, seconds?: number): void {
  toast('error', content, seconds);
}

/** A success toast that outlives the screen raising it (e.g. shown on sign-in after a password reset). */
export function toastSuccess(content: string, seconds?: number): void {
  toast('success', content, seconds);
}
