import { describe, expect, it } from 'vitest';
import { isToastHostRequested, setNotifier, subscribeToastHostRequest, toastError } from './notifier';

type Shown = { content: unknown; duration: unknown }[];

function fakeMessages(shown: Shown) {
  const show = (o: { content: unknown; duration: unknown }) => shown.push(o);
  return { error: show, success: show } as unknown as Parameters<typeof setNotifier>[0];
}

describe('toastError', () => {
  it('keeps a toast raised before the host mounted, asks for the host, and shows the toast once it arrives', () => {
    setNotifier(null);
    let asked = 0;
    const stop = subscribeToastHostRequest(() => asked++);
    toastError('Your session has expired. Please re-login.');
    expect(isToastHostRequested()).toBe(true);
    expect(asked).toBe(1);
    stop();
    const shown: Shown = [];
    setNotifier(fakeMessages(shown));
    expect(shown).toEqual([{ content: 'Your session has expired. Please re-login.', duration: undefined }]);
    toastError('later', 10);
    expect(shown.at(-1)).toEqual({ content: 'later', duration: 10 });
    // shown once, not again on the next hand-over
    setNotifier(fakeMessages(shown));
    expect(shown).toHaveLength(2);
  });
});
