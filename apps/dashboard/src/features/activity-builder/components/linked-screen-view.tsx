import type { MediaItem } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { BuilderScreen } from '../builder.slice';

// A linked screen follows a screen of another activity and cannot be edited here (the API answers 409), so the
// builder shows it through the renderer, read-only, with the way out: disconnect it (an independent copy).

const ActivityPreview = lazy(() =>
  import('@aula/activity/activity-preview.tsx').then((m) => ({ default: m.ActivityPreview })),
);

export function LinkedScreenView({
  screen,
  media,
  onDisconnect,
}: {
  screen: BuilderScreen;
  media: Record<number, MediaItem>;
  onDisconnect: () => void;
}) {
  const t = useT();
  const title = screen.origin?.activity_title ?? '';
  return (
    <Flex vertical gap="middle">
      <Alert
        type="info"
        showIcon
        title={t('dashboard.builder.links.linkedFrom', { activity_title: title })}
        description={t('dashboard.builder.links.readOnly')}
        action={
          <Button size="small" onClick={onDisconnect}>
            {t('dashboard.builder.links.disconnect')}
          </Button>
        }
      />
      <Suspense fallback={<Skeleton active />}>
        <ActivityPreview
          screens={[
            {
              screen_id: screen.id,
              section: screen.section,
              content: screen.body.content,
              questions: screen.body.questions,
              media: screen.body.media.map((id) => media[id]).filter((m): m is MediaItem => m !== undefined),
            },
          ]}
        />
      </Suspense>
    </Flex>
  );
}
