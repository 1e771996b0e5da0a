import type * as RendererModule from '@aula/activity/activity-preview.tsx';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Flex, Skeleton, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useGetActivityQuery, useGetLivePreviewQuery, useGetPublishedPreviewQuery } from '../api';
import { activitiesHref, activityViewHref } from '../lib/builder-paths';
import { resolveScreenMedia } from '@aula/activity/screen-media.ts';
import { RenderBoundary } from '../../../components/render-boundary';
import { AssignActivityAction } from './assign-activity-action';

// The renderer chunk starts loading with this page, alongside the activity and preview calls, not after them. It is
// not rendered through React.lazy: a Suspense boundary that suspended holds its content back for up to 300 ms after
// the fallback showed (React's reveal throttle), which would be most of the first screen's paint time.
type Renderer = typeof RendererModule;
let loaded: Renderer | undefined;
const loadRenderer = () => import('@aula/activity/activity-preview.tsx').then((m) => (loaded = m));

function useRenderer(): { renderer?: Renderer; failed: boolean } {
  const [renderer, setRenderer] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (renderer) return;
    let live = true;
    loadRenderer().then(
      (m) => live && setRenderer(m),
      (e: unknown) => {
        console.error(e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [renderer]);
  return renderer ? { renderer, failed } : { failed };
}

/** /activity/preview without an activity: the list to pick one from. */
export function ActivityPreviewIndexPage() {
  return <Navigate to={activitiesHref()} replace />;
}

/**
 * /activity/preview/:activityId: the whole activity on one page in the shared renderer, with the phone, tablet and
 * desktop switcher. Viewers see the published version (GET /published-preview); builders the draft as it is now
 * (GET /live-preview), as in the builder's preview.
 */
export function ActivityPreviewPage() {
  const { activityId: raw } = useParams();
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <Preview activityId={Number(raw)} />;
}

function Preview({ activityId }: { activityId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const policy = useAppSelector(selectPolicy);
  const canBuild = policy ? can(policy, 'activity-builder', ['view']) : false;
  const activityQ = useGetActivityQuery(activityId);
  const live = useGetLivePreviewQuery(activityId, { skip: !canBuild });
  const published = useGetPublishedPreviewQuery(activityId, { skip: canBuild });
  const previewQ = canBuild ? live : published;
  const screens = useMemo(() => (previewQ.data ? resolveScreenMedia(previewQ.data) : null), [previewQ.data]);
  const { renderer, failed } = useRenderer();

  if (activityQ.isLoading || previewQ.isLoading) return <PageLoader />;
  if (activityQ.isError || previewQ.isError || !activityQ.data || !screens) return <NotFoundPage />;
  const failure = <Alert type="error" showIcon title={t('dashboard.builder.previewPanel.failed')} />;

  return (
    <Flex vertical gap="middle">
      <Link to={activityViewHref(activityId)}>{t('dashboard.activityView.backToDetails')}</Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('dashboard.activityView.previewTitle', { title: activityQ.data.title })}
        </h1>
        <AssignActivityAction activity={activityQ.data} variant="button" />
      </Flex>
      <Typography.Text type="secondary">
        {canBuild ? t('dashboard.activityView.draftNote') : t('dashboard.activityView.publishedNote')}
      </Typography.Text>
      {failed ? (
        failure
      ) : renderer ? (
        <RenderBoundary fallback={failure}>
          <renderer.ActivityPreview screens={screens} />
        </RenderBoundary>
      ) : (
        <Skeleton active />
      )}
    </Flex>
  );
}
