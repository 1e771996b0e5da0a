import type { LtiDeploymentDto, LtiDeploymentSaveInput } from '@aula/domain/lti';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages, readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useCreateLtiDeploymentMutation,
  useDeleteLtiDeploymentMutation,
  useGetLtiDeploymentQuery,
  useListLtiAccountOptionsQuery,
  useLtiPlatformCatalogQuery,
  useUpdateLtiDeploymentMutation,
} from '../api';
import { ltiDeploymentHref, ltiDeploymentsHref } from '../lib/lti-paths';
import { DeploymentForm } from './deployment-form';
import { LtiHeading } from './lti-tabs';

function useOptions() {
  const [search, setSearch] = useState('');
  const { data: platforms = [] } = useLtiPlatformCatalogQuery();
  const { data: accounts = [] } = useListLtiAccountOptionsQuery(search);
  return { platforms, accounts, setSearch };
}

/** /lti-deployment/create (?platform_id= from a platform's page) */
export function CreateLtiDeploymentPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const platformId = Number(params.get('platform_id')) || undefined;
  const { platforms, accounts, setSearch } = useOptions();
  const [create, { isLoading }] = useCreateLtiDeploymentMutation();
  return (
    <Flex vertical gap="large">
      <LtiHeading title={t('lti.deployments.createTitle')} intro={t('lti.deployments.intro')} />
      <DeploymentForm
        deployment={null}
        platformId={platformId}
        platforms={platforms}
        accounts={accounts}
        onSearchAccounts={setSearch}
        canEdit
        busy={isLoading}
        onCancel={() => void navigate(ltiDeploymentsHref())}
        onSave={async (values: LtiDeploymentSaveInput) => {
          const saved = await create(values).unwrap();
          void message.success(t('lti.deployments.saved'));
          void navigate(ltiDeploymentHref(saved.id));
        }}
      />
    </Flex>
  );
}

/** /lti-deployment/:deploymentId: edit, with the active toggle in the form and delete. */
export function EditLtiDeploymentPage() {
  const t = useT();
  const id = Number(useParams().deploymentId);
  const { data, isLoading, error } = useGetLtiDeploymentQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  if (isLoading) return <PageLoader />;
  if (error || !data) {
    const notFound = !error || readError(error).status === 404;
    return (
      <Alert
        type={notFound ? 'warning' : 'error'}
        showIcon
        message={notFound ? t('lti.deployments.notFound') : errorMessages(error, t('lti.failed'))[0]}
      />
    );
  }
  return <EditDeployment key={data.updated_at} deployment={data} />;
}

function EditDeployment({ deployment }: { deployment: LtiDeploymentDto }) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const { platforms, accounts, setSearch } = useOptions();
  const [update, { isLoading: saving }] = useUpdateLtiDeploymentMutation();
  const [remove, { isLoading: removing }] = useDeleteLtiDeploymentMutation();
  const canEdit = !!policy && can(policy, 'lti-deployment', ['view', 'update']);
  const canDelete = !!policy && can(policy, 'lti-deployment', ['view', 'delete']);
  return (
    <Flex vertical gap="large">
      <LtiHeading
        title={`${t('lti.deployments.editTitle')}: ${deployment.name || deployment.deployment_id}`}
        intro={`${deployment.platform_name} · ${deployment.issuer}`}
        extra={
          canDelete && (
            <Popconfirm
              title={t('lti.deployments.removeConfirm')}
              okText={t('lti.deployments.remove')}
              cancelText={t('lti.cancel')}
              onConfirm={async () => {
                try {
                  await remove(deployment.id).unwrap();
                  void message.success(t('lti.deployments.removed'));
                  void navigate(ltiDeploymentsHref());
                } catch {
                  // toasted by the shared handler
                }
              }}
            >
              <Button danger loading={removing}>
                {t('lti.deployments.remove')}
              </Button>
            </Popconfirm>
          )
        }
      />
      <DeploymentForm
        deployment={deployment}
        platforms={platforms}
        accounts={accounts}
        onSearchAccounts={setSearch}
        canEdit={canEdit}
        busy={saving}
        onCancel={() => void navigate(ltiDeploymentsHref())}
        onSave={async (values) => {
          await update({ id: deployment.id, ...values }).unwrap();
          void message.success(t('lti.deployments.saved'));
        }}
      />
    </Flex>
  );
}
