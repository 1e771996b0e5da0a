import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import { Alert, Descriptions, Flex, List, theme } from 'antd';
import { Link } from 'react-router';
import { useDomainMineQuery, useDomainMyListQuery } from '../api';
import { domainsHref, editDomainHref } from '../lib/domain-paths';

/**
 * /domain: my domain (GET my). A user in one domain sees it; a multi-domain user (no domain of their own) sees the
 * domains they work in (GET my list).
 */
export function MyDomainPage() {
  const t = useT();
  const dates = useDates();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const canUpdate = policy ? can(policy, 'domain', ['view', 'update']) : false;
  const mine = useDomainMineQuery(undefined, { refetchOnMountOrArgChange: true });
  const multi = mine.isSuccess && mine.data === null;
  const list = useDomainMyListQuery(undefined, { skip: !multi, refetchOnMountOrArgChange: true });

  if (mine.isLoading || (multi && list.isLoading)) return <PageLoader />;
  if (mine.isError || list.isError) return <Alert type="error" showIcon message={t('domains.loadFailed')} />;

  return (
    <Flex vertical gap="large">
      <Link to={domainsHref()}>{t('domains.back')}</Link>
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('domains.myTitle')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>
          {multi ? t('domains.myMulti') : t('domains.mySingle')}
        </p>
      </div>
      {mine.data ? (
        <Descriptions
          bordered
          column={1}
          style={{ maxWidth: 640 }}
          items={[
            {
              key: 'name',
              label: t('domains.name'),
              children: canUpdate ? <Link to={editDomainHref(mine.data.id)}>{mine.data.name}</Link> : mine.data.name,
            },
            { key: 'created', label: t('domains.created'), children: dates.date(mine.data.created_at) },
            { key: 'updated', label: t('domains.updated'), children: dates.date(mine.data.updated_at) },
          ]}
        />
      ) : (
        <List
          bordered
          style={{ maxWidth: 640 }}
          aria-label={t('domains.myList')}
          header={<strong>{t('domains.myList')}</strong>}
          locale={{ emptyText: t('domains.empty') }}
          dataSource={list.data ?? []}
          renderItem={(d) => (
            <List.Item>{canUpdate ? <Link to={editDomainHref(d.id)}>{d.name}</Link> : d.name}</List.Item>
          )}
        />
      )}
    </Flex>
  );
}
