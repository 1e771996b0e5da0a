import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { errorMessages, readError } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Flex, Popconfirm } from 'antd';
import { useNavigate, useParams } from 'react-router';
import {
  useCreateLtiPlatformMutation,
  useDeleteLtiPlatformMutation,
  useGetLtiPlatformQuery,
  useUpdateLtiPlatformMutation,
} from '../api';
import { ltiDeploymentCreateHref, ltiPlatformHref, ltiPlatformsHref } from '../lib/lti-paths';
import { DeploymentsTable } from './deployments-page';
import { LtiHeading } from './lti-tabs';
import { PlatformForm } from './platform-form';

/** /create-lti-platform */
export function CreateLtiPlatformPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [create, { isLoading }] = useCreateLtiPlatformMutation();
  return (
    <Flex vertical gap="large">
      <LtiHeading title={t('lti.platforms.createTitle')} intro={t('lti.platforms.intro')} />
      <PlatformForm
        platform={null}
        canEdit
        busy={isLoading}
        onCancel={() => void navigate(ltiPlatformsHref())}
        onSave={async (values) => {
          const saved = await create(values).unwrap();
          void message.success(t('lti.platforms.saved'));
          void navigate(ltiPlatformHref(saved.id));
        }}
      />
    </Flex>
  );
}

/** /lti-platform/:platformId: edit the platform; its deployments below. */
export function EditLtiPlatformPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const id = Number(useParams().platformId);
  const { data, isLoading, error } = useGetLtiPlatformQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const [update, { isLoading: saving }] = useUpdateLtiPlatformMutation();
  const [remove, { isLoading: removing }] = useDeleteLtiPlatformMutation();
  if (isLoading) return <PageLoader />;
  if (error || !data) {
    const notFound = !error || readError(error).status === 404;
    return (
      <Alert
        type={notFound ? 'warning' : 'error'}
        showIcon
        message={notFound ? t('lti.platforms.notFound') : errorMessages(error, t('lti.failed'))[0]}
      />
    );
  }
  const canEdit = !!policy && can(policy, 'lti', ['view', 'update']);
  const canDelete = !!policy && can(policy, 'lti', ['view', 'delete']);
  const canAddDeployment = !!policy && can(policy, 'lti-deployment', ['view', 'create']);
  return (
    <Flex vertical gap="large">
      <LtiHeading
        title={`${t('lti.platforms.editTitle')}: ${data.name}`}
        extra={
          canDelete && (
            <Popconfirm
              title={t('lti.platforms.removeConfirm')}
              okText={t('lti.platforms.remove')}
              cancelText={t('lti.cancel')}
              onConfirm={async () => {
                try {
                  await remove(id).unwrap();
                  void message.success(t('lti.platforms.removed'));
                  void navigate(ltiPlatformsHref());
                } catch {
                  // toasted by the shared handler (a platform with deployments: 409)
                }
              }}
            >
              <Button danger loading={removing}>
                {t('lti.platforms.remove')}
              </Button>
            </Popconfirm>
          )
        }
      />
      <PlatformForm
        key={data.updated_at}
        platform={data}
        canEdit={canEdit}
        busy={saving}
        onCancel={() => void navigate(ltiPlatformsHref())}
        onSave={async (values) => {
          await update({ id, ...values }).unwrap();
          void message.success(t('lti.platforms.saved'));
        }}
      />
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h2 style={{ margin: 0, fontSize: 20 }}>{t('lti.platforms.deployments')}</h2>
        {canAddDeployment && (
          <Button onClick={() => void navigate(ltiDeploymentCreateHref(id))}>{t('lti.platforms.addDeployment')}</Button>
        )}
      </Flex>
      <DeploymentsTable platformId={id} emptyText={t('lti.platforms.noDeployments')} />
    </Flex>
  );
}
