import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { href } from '../config/paths';

/** 001 section 2: the error page, with a go-home button; shown when a route fails to load or render. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main>
      <Result
        status="error"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('dashboard.pages.errorTitle')}</h1>}
        extra={
          // a full navigation, so a broken bundle is fetched again
          <Button type="primary" href={href.home()}>
            {t('dashboard.pages.goHome')}
          </Button>
        }
      />
    </main>
  );
}
