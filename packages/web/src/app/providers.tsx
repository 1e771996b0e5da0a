import { ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { antdLocale } from '../lib/antd-locale';
import { i18n } from '../lib/i18n';
import { isToastHostRequested, requestToastHost, subscribeToastHostRequest } from '../lib/notifier';
import { afterPageShown } from '../lib/page-shown';
import { runtimeConfig } from '../lib/runtime-config';
import type { AppStore } from './store';
import { themes } from './theme';

/** Component defaults an app sets for all of its screens (e.g. the student app's wider buttons). */
export type AntdDefaults = Pick<ConfigProviderProps, 'button'>;

const ToastHost = lazy(() => import('./toast-host'));

/**
 * The toast host loads when the browser is first idle after the first page has shown its content (lib/page-shown.ts),
 * or earlier for an early toast.
 */
function Toasts() {
  const requested = useSyncExternalStore(subscribeToastHostRequest, isToastHostRequested);
  useEffect(() => {
    let cancelIdle: () => void = () => undefined;
    const cancelWait = afterPageShown(() => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(requestToastHost, { timeout: 5000 });
        cancelIdle = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(requestToastHost, 2000);
        cancelIdle = () => clearTimeout(id);
      }
    });
    return () => {
      cancelWait();
      cancelIdle();
    };
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** The base text of every screen (AntD's App sets the same on its element): colour, size, line height, font. */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

function ThemedAntd({ antd, children }: { antd: AntdDefaults | undefined; children: ReactNode }) {
  const { i18n: active } = useTranslation();
  return (
    <ConfigProvider theme={themes[runtimeConfig.theme]} locale={antdLocale(active.language)} {...antd}>
      <BaseText>{children}</BaseText>
      <Toasts />
    </ConfigProvider>
  );
}

export function Providers({ store, antd, children }: { store: AppStore; antd?: AntdDefaults; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemedAntd antd={antd}>{children}</ThemedAntd>
      </I18nextProvider>
    </ReduxProvider>
  );
}
