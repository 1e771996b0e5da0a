import { StarFilled, StarOutlined } from '@ant-design/icons';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Descriptions, Flex, Space, Tag, Typography, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetActivityQuery, useSetFavoriteMutation } from '../api';
import { activitiesHref, activityPreviewHref, builderHref } from '../lib/builder-paths';
import { StatusTag } from '../../../components/status-tag';
import { ActivityGuides } from '../../guides/components/activity-guides';
import { AssignActivityAction } from './assign-activity-action';

/**
 * /activity/view/:activityId (001 section 2): one activity's details for everyone who may view activities: title,
 * kind, tags, standards, folders and status, a Preview button and the favourite toggle. Viewers only ever reach
 * published activities (the API answers 404 for drafts); builders also get a link into the builder. Those who may
 * create assignments get Assign on a published activity (issue 14). Below the details, the activity's guides with
 * their downloads (docs/guides.md).
 */
export function ActivityViewPage() {
  const { activityId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <ActivityView activityId={Number(raw)} />;
}

function ActivityView({ activityId }: { activityId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const policy = useAppSelector(selectPolicy);
  const canBuild = policy ? can(policy, 'activity-builder', ['view', 'update']) : false;
  const { data: activity, isLoading, isError } = useGetActivityQuery(activityId);
  const [toggleFavorite, { isLoading: toggling }] = useSetFavoriteMutation();

  if (isLoading) return <PageLoader />;
  if (isError || !activity) return <NotFoundPage />;

  const none = <Typography.Text type="secondary">{t('dashboard.activityView.none')}</Typography.Text>;
  const tags = (list: readonly { key: string | number; label: string }[]) =>
    list.length ? (
      <Flex wrap gap={4}>
        {list.map((x) => (
          <Tag key={x.key} style={{ marginInlineEnd: 0 }}>
            {x.label}
          </Tag>
        ))}
      </Flex>
    ) : (
      none
    );

  return (
    <Flex vertical gap="large">
      <Link to={activitiesHref()}>{t('dashboard.activityView.back')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{activity.title}</h1>
        <Space wrap>
          <Button
            aria-pressed={activity.favorite}
            loading={toggling}
            icon={activity.favorite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
            onClick={() => void toggleFavorite({ id: activity.id, favorite: !activity.favorite })}
          >
            {t('dashboard.activityView.favorite')}
          </Button>
          {canBuild && <Link to={builderHref(activity.id)}>{t('dashboard.activityView.openBuilder')}</Link>}
          <AssignActivityAction activity={activity} variant="button" />
          <Button type="primary" onClick={() => void navigate(activityPreviewHref(activity.id))}>
            {t('dashboard.activityView.preview')}
          </Button>
        </Space>
      </Flex>
      {activity.description && <Typography.Paragraph>{activity.description}</Typography.Paragraph>}
      <Descriptions
        bordered
        column={1}
        items={[
          {
            key: 'kind',
            label: t('dashboard.builder.fields.kind'),
            children: t(`dashboard.builder.kinds.${activity.kind}`),
          },
          {
            key: 'status',
            label: t('dashboard.builder.fields.status'),
            children: (
              <StatusTag tone={activity.status === 'published' ? 'green' : 'default'}>
                {t(`dashboard.builder.status.${activity.status}`)}
              </StatusTag>
            ),
          },
          {
            key: 'tags',
            label: t('dashboard.builder.fields.tags'),
            children: tags(activity.tags.map((x) => ({ key: x, label: x }))),
          },
          {
            key: 'standards',
            label: t('dashboard.activityView.standards'),
            children: tags(activity.standards.map((s) => ({ key: s.id, label: s.tag }))),
          },
          {
            key: 'folders',
            label: t('dashboard.activityView.folders'),
            children: tags(activity.folders.map((f) => ({ key: f.id, label: f.title }))),
          },
          { key: 'screens', label: t('dashboard.builder.list.screens'), children: activity.screens_count },
        ]}
      />
      <ActivityGuides activityId={activity.id} />
    </Flex>
  );
}
