import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { href } from '../config/paths';
import { useT } from '../lib/i18n';

/** 001 section 2: unknown paths show page-not-found with a go-home link. */
export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t(`${__AULA_APP__}.pages.notFoundTitle`)}</h1>}
      subTitle={t('errors.notFound')}
      extra={
        <Button type="primary" onClick={() => void navigate(href.home())}>
          {t(`${__AULA_APP__}.pages.goHome`)}
        </Button>
      }
    />
  );
}
