import type { MediaItem } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { RenderBoundary } from '../../../components/render-boundary';
import type { BuilderScreen } from '../builder.slice';

// Desktop, tablet and phone preview (issue 4, item 10) of the working screens, unsaved edits included, through
// the shared renderer's ActivityPreview (builder_preview mode). Loaded on demand with the renderer. A screen the
// renderer cannot draw shows an error inside the preview; the builder and its unsaved work stay as they are.

const ActivityPreview = lazy(() =>
  import('@aula/activity/activity-preview.tsx').then((m) => ({ default: m.ActivityPreview })),
);

export function PreviewModal({
  open,
  onClose,
  screens,
  media,
  startScreenId,
}: {
  open: boolean;
  onClose: () => void;
  screens: BuilderScreen[];
  media: Record<number, MediaItem>;
  startScreenId: number;
}) {
  const t = useT();
  const previewScreens = screens.map((s) => ({
    screen_id: s.id,
    section: s.section,
    content: s.body.content,
    questions: s.body.questions,
    media: s.body.media.map((id) => media[id]).filter((m): m is MediaItem => m !== undefined),
  }));
  const start = Math.max(
    0,
    screens.findIndex((s) => s.id === startScreenId),
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1440px, 96vw)"
      title={t('dashboard.builder.previewPanel.title')}
      destroyOnHidden
    >
      <RenderBoundary fallback={<Alert type="error" showIcon title={t('dashboard.builder.previewPanel.failed')} />}>
        <Suspense fallback={<Skeleton active />}>
          <ActivityPreview screens={previewScreens} initialIndex={start} />
        </Suspense>
      </RenderBoundary>
    </Modal>
  );
}
