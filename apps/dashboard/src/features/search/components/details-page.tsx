import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Result } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSearchHitDetailsQuery } from '../api';
import { hitPath, parseSearchType } from '../lib/hit-paths';

const ID = /^\d{1,9}$/;

/**
 * /details?type=&id= (001 section 2): one search hit's address. The API checks that the caller may still see it;
 * then the page is replaced by the hit's own page (Back returns to where the link was). Otherwise it says why.
 */
export function DetailsPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = parseSearchType(params.get('type'));
  const rawId = params.get('id') ?? '';
  const id = ID.test(rawId) ? Number(rawId) : 0;
  const valid = type !== null && id > 0;
  const hit = useSearchHitDetailsQuery({ type: type ?? 'student', id }, { skip: !valid });

  useEffect(() => {
    if (hit.data) void navigate(hitPath(hit.data.type, hit.data.id), { replace: true });
  }, [hit.data, navigate]);

  const back = <Link to="/search-results">{t('search.backToSearch')}</Link>;
  const title = <h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('search.detailsTitle')}</h1>;
  if (!valid) return <Result status="warning" title={title} subTitle={t('search.badLink')} extra={back} />;
  if (hit.isError) {
    const { status } = readError(hit.error);
    return status === 403 ? (
      <Result status="403" title={title} subTitle={t('search.noPermission')} extra={back} />
    ) : (
      <Result status="404" title={title} subTitle={t('search.notFound')} extra={back} />
    );
  }
  return <PageLoader />;
}
