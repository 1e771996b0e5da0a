import { useT } from '@aula/web/lib/i18n.ts';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving an activity's builder with unsaved work (docs/activities.md, "Saving"): an in-app navigation first saves
 * (`flush`) and goes on once everything is saved; only when that fails (or a title is missing) it asks: Stay, or
 * Leave and discard. Closing or reloading the tab while something is unsaved triggers the browser's prompt. Moving
 * between screens of the same activity (`base` and below) never waits.
 */
export function useLeaveGuard({ base, dirty, flush }: { base: string; dirty: boolean; flush: () => Promise<boolean> }) {
  const t = useT();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ nextLocation }) => dirty && nextLocation.pathname !== base && !nextLocation.pathname.startsWith(`${base}/`),
  );
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    const { proceed, reset } = blocker;
    const done = (go: boolean) => {
      handling.current = false;
      if (go) proceed();
      else reset();
    };
    void flush().then((saved) => {
      if (saved) return done(true);
      modal.confirm({
        title: t('dashboard.builder.leaveTitle'),
        content: t('dashboard.builder.leaveText'),
        okText: t('dashboard.builder.leave'),
        cancelText: t('dashboard.builder.stay'),
        onOk: () => done(true),
        onCancel: () => done(false),
      });
    });
  }, [blocker, flush, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers need returnValue set to show the prompt
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
