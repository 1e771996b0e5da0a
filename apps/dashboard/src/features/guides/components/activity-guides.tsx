import { FileTextOutlined } from '@ant-design/icons';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, Skeleton, Typography, theme } from 'antd';
import { useListActivityGuidesQuery } from '../api';
import { formatFileSize, guideFileKind } from '../lib/guide-form-data';
import { GuideDownloadButton } from './guide-download-button';

/**
 * The guides of one activity on its details page (POST /dashboard/activities/guides), each with its download, for
 * anyone who may view the activity.
 */
export function ActivityGuides({ activityId }: { activityId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { data: guides = [], isLoading, isError } = useListActivityGuidesQuery(activityId);
  const shown = isError ? [] : guides;
  return (
    <section aria-labelledby="activity-guides-heading">
      <Typography.Title level={2} id="activity-guides-heading" style={{ fontSize: token.fontSizeHeading4 }}>
        {t('guides.activityGuides')}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : shown.length === 0 ? (
        <Typography.Text type="secondary">{t('guides.activityNoGuides')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: token.marginSM }}>
          {shown.map((g) => (
            <li
              key={g.id}
              style={{
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
                background: token.colorBgContainer,
                padding: token.paddingSM,
              }}
            >
              <Flex gap="middle" align="center" wrap>
                {g.cover_url ? (
                  <img
                    src={g.cover_url}
                    alt=""
                    style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }}
                  />
                ) : (
                  <FileTextOutlined style={{ fontSize: 32 }} aria-hidden />
                )}
                <Flex vertical style={{ flex: 1, minWidth: 200 }}>
                  <Typography.Text strong>{g.title}</Typography.Text>
                  {g.description && <Typography.Text type="secondary">{g.description}</Typography.Text>}
                  <Typography.Text type="secondary">
                    {g.file.name} ·{' '}
                    {t('guides.fileLabel', { kind: guideFileKind(g.file.type), size: formatFileSize(g.file.size) })}
                  </Typography.Text>
                </Flex>
                <GuideDownloadButton guide={g} />
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
