import { describe, expect, it } from 'vitest';
import type { App } from 'antd';
import { setNotifier, toastError } from './notifier';

type AppApi = ReturnType<typeof App.useApp>;

function fakeApi(shown: { content: unknown; duration: unknown }[]): AppApi {
  return { message: { error: (o: { content: unknown; duration: unknown }) => shown.push(o) } } as unknown as AppApi;
}

describe('toastError', () => {
  it('keeps a toast raised before the app mounted and shows it once the notifier arrives', () => {
    setNotifier(null);
    toastError('Your session has expired. Please re-login.');
    const shown: { content: unknown; duration: unknown }[] = [];
    setNotifier(fakeApi(shown));
    expect(shown).toEqual([{ content: 'Your session has expired. Please re-login.', duration: undefined }]);
    toastError('later', 10);
    expect(shown.at(-1)).toEqual({ content: 'later', duration: 10 });
    // shown once, not again on the next hand-over
    setNotifier(fakeApi(shown));
    expect(shown).toHaveLength(2);
  });
});
