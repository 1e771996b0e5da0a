import { Button } from 'antd';
import { href } from '../config/paths';
import { useT } from '../lib/i18n';
import { StatusPage } from './status-page';

/** 001 section 2: the error page, with a go-home button; shown when a route fails to load or render. */
export function RouteErrorPage() {
  const t = useT();
  return (
    <StatusPage
      title={t(`${__AULA_APP__}.pages.errorTitle`)}
      action={
        // a full navigation, so a broken bundle is fetched again
        <Button type="primary" href={href.home()}>
          {t(`${__AULA_APP__}.pages.goHome`)}
        </Button>
      }
    />
  );
}
