import { App as AntApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import ukUA from 'antd/locale/uk_UA';
import type { Locale } from 'antd/es/locale';
import type { LanguageCode } from '@aula/domain/languages';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '../lib/i18n';
import { setNotifier } from '../lib/notifier';
import { runtimeConfig } from '../lib/runtime-config';
import type { AppStore } from './store';
import { themes } from './theme';

/** Component defaults an app sets for all of its screens (e.g. the student app's wider buttons). */
export type AntdDefaults = Pick<ConfigProviderProps, 'button'>;

const antdLocales: Record<LanguageCode, Locale> = { en: enUS, es: esES, uk: ukUA };

/** Hands AntD's themed message API to the response handler, which runs outside React. */
function NotifierBridge() {
  const app = AntApp.useApp();
  useEffect(() => {
    setNotifier(app);
    return () => setNotifier(null);
  }, [app]);
  return null;
}

function ThemedAntd({ antd, children }: { antd: AntdDefaults | undefined; children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const locale = antdLocales[active.language as LanguageCode] ?? enUS;
  return (
    <ConfigProvider theme={themes[runtimeConfig.theme]} locale={locale} {...antd}>
      <AntApp>
        <NotifierBridge />
        {children}
      </AntApp>
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
