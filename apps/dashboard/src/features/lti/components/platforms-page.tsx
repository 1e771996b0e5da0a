import type { LtiPlatformDto } from '@aula/domain/lti';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Table } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useListLtiPlatformsQuery } from '../api';
import { ltiPlatformCreateHref, ltiPlatformHref } from '../lib/lti-paths';
import { LtiHeading, LtiTabs } from './lti-tabs';
import { LtiToolUrls } from './tool-urls';

/** /lti-platforms (issue 18 item 2): the LMSs Aula is registered in; each opens its edit page with deployments. */
export function LtiPlatformsPage() {
  const t = useT();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const { data, isLoading, error } = useListLtiPlatformsQuery();
  const canCreate = !!policy && can(policy, 'lti', ['view', 'create']);
  return (
    <Flex vertical gap="large">
      <LtiTabs active="platforms" />
      <LtiHeading
        title={t('lti.platforms.title')}
        intro={t('lti.platforms.intro')}
        extra={
          canCreate && (
            <Button type="primary" onClick={() => void navigate(ltiPlatformCreateHref())}>
              {t('lti.platforms.add')}
            </Button>
          )
        }
      />
      <LtiToolUrls />
      {error ? (
        <Alert type="error" showIcon message={errorMessages(error, t('lti.failed'))[0]} />
      ) : (
        <div style={{ minWidth: 0, overflowX: 'auto' }}>
          <Table<LtiPlatformDto>
            rowKey="id"
            loading={isLoading}
            dataSource={data ?? []}
            pagination={false}
            locale={{ emptyText: t('lti.platforms.empty') }}
            columns={[
              {
                key: 'name',
                title: t('lti.platforms.name'),
                render: (_v, p) => <Link to={ltiPlatformHref(p.id)}>{p.name}</Link>,
              },
              { key: 'issuer', title: t('lti.platforms.issuer'), dataIndex: 'issuer' },
              { key: 'client', title: t('lti.platforms.clientId'), dataIndex: 'client_id' },
              { key: 'deployments', title: t('lti.platforms.deployments'), dataIndex: 'deployments_count' },
            ]}
          />
        </div>
      )}
    </Flex>
  );
}
