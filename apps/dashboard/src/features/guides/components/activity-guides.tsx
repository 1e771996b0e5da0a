import { FileTextOutlined } from '@ant-design/icons';
import { useT } from '@aula/web/lib/i18n.ts';
import { Flex, List, Skeleton, Typography } from 'antd';
import { useListActivityGuidesQuery } from '../api';
import { formatFileSize, guideFileKind } from '../lib/guide-form-data';
import { GuideDownloadButton } from './guide-download-button';

/**
 * The guides of one activity on its details page (POST /dashboard/activities/guides), each with its download, for
 * anyone who may view the activity.
 */
export function ActivityGuides({ activityId }: { activityId: number }) {
  const t = useT();
  const { data: guides = [], isLoading, isError } = useListActivityGuidesQuery(activityId);
  return (
    <section aria-labelledby="activity-guides-heading">
      <Typography.Title level={2} id="activity-guides-heading" style={{ fontSize: 20 }}>
        {t('guides.activityGuides')}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <List
          bordered
          dataSource={isError ? [] : guides}
          locale={{ emptyText: t('guides.activityNoGuides') }}
          renderItem={(g) => (
            <List.Item actions={[<GuideDownloadButton key="download" guide={g} />]}>
              <List.Item.Meta
                avatar={
                  g.cover_url ? (
                    <img
                      src={g.cover_url}
                      alt=""
                      style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }}
                    />
                  ) : (
                    <FileTextOutlined style={{ fontSize: 32 }} aria-hidden />
                  )
                }
                title={g.title}
                description={
                  <Flex vertical>
                    {g.description && <span>{g.description}</span>}
                    <span>
                      {g.file.name} ·{' '}
                      {t('guides.fileLabel', { kind: guideFileKind(g.file.type), size: formatFileSize(g.file.size) })}
                    </span>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
