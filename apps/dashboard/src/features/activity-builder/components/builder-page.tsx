import type { ScreenBody } from '@aula/domain/activity-content';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { App, Button, Col, Empty, Flex, Row, Space, theme } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useCreateScreenMutation,
  useDeleteScreenMutation,
  useDisconnectScreensMutation,
  useDuplicateScreensMutation,
  useGetActivityQuery,
  useGetBuilderContentQuery,
  useSaveScreenMutation,
  useSaveScreenOrderMutation,
  useUpdateActivityMutation,
} from '../api';
import {
  builderActions as A,
  builderReducer,
  type BuilderState,
  initialBuilderState,
  selectIsDirty,
  selectSavePlan,
  selectSelectedScreen,
  selectVisibleScreens,
} from '../builder.slice';
import { useAutosave } from '../hooks/use-autosave';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { builderHref, builderListHref } from '../lib/builder-paths';
import { createSyncStore, useSyncStore } from '../lib/sync-store';
import { BuilderHeader, detailsOf, sameDetails, type HeaderDetails } from './builder-header';
import { GridEditor } from './grid-editor';
import { LinkedScreenView } from './linked-screen-view';
import { MediaLibrary } from './media-library';
import { PreviewModal } from './preview-modal';
import { PublishButton } from './publish-button';
import { preloadRichTextEditor } from './rich-text-field';
import { ScreenLinksModal } from './screen-links-modal';
import { SaveIndicator } from './save-indicator';
import { ScreenList } from './screen-list';
import { ScreensFromActivityModal } from './screens-from-activity-modal';
import { VersionHistory } from './version-history';
import { StatusTag } from '../../../components/status-tag';

/**
 * The activity builder (issue 4, item 10): header, screen list with sections, the grid editor of the selected
 * screen, the media library, version history and device preview. Every edit is saved automatically (issue 14,
 * item 4; docs/activities.md, "Saving") and the save state shows beside the title; Publish makes the saved screens
 * what teachers see (item 3).
 */
export function BuilderPage() {
  const { activityId: raw } = useParams();
  const activityId = Number(raw);
  // the text editor loads alongside the builder's data calls, not after them
  useEffect(() => {
    preloadRichTextEditor().catch(() => undefined);
  }, []);
  if (!/^\d{1,9}$/.test(raw ?? '')) return <NotFoundPage />;
  return <Builder key={activityId} activityId={activityId} />;
}

function Builder({ activityId }: { activityId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const authToken = useAppSelector(selectToken);
  const { screenId: screenParam } = useParams();
  const activityQ = useGetActivityQuery(activityId);
  // every visit starts from what is stored (autosave wrote it), never from a cached copy of an earlier visit
  const contentQ = useGetBuilderContentQuery(activityId, { refetchOnMountOrArgChange: true });
  // the working copy lives in a store that handlers read synchronously: a save awaits call after call and must
  // always plan from the latest edits
  const [store] = useState(() => createSyncStore<BuilderState>(initialBuilderState));
  const state = useSyncStore(store);
  const dispatch = useCallback(
    (action: Parameters<typeof builderReducer>[1]) => store.set(builderReducer(store.get(), action)),
    [store],
  );
  const versionLoading = useRef(false);

  // the header as edited (null: as the server has it) and as last saved (null: as loaded)
  const [header] = useState(() =>
    createSyncStore<{ edited: HeaderDetails | null; saved: HeaderDetails | null }>({ edited: null, saved: null }),
  );
  const { edited, saved: savedHeader } = useSyncStore(header);
  const setEdited = useCallback((next: HeaderDetails) => header.set({ ...header.get(), edited: next }), [header]);
  const [panel, setPanel] = useState<'versions' | 'media' | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [importing, setImporting] = useState<'clone' | 'link' | null>(null);
  const [linksOf, setLinksOf] = useState<{ id: number; n: number } | null>(null);

  const [createScreen, { isLoading: adding }] = useCreateScreenMutation();
  const [duplicateScreens, { isLoading: duplicating }] = useDuplicateScreensMutation();
  const [saveScreen] = useSaveScreenMutation();
  const [deleteScreen] = useDeleteScreenMutation();
  const [saveOrder] = useSaveScreenOrderMutation();
  const [updateActivity] = useUpdateActivityMutation();
  const [disconnect] = useDisconnectScreensMutation();

  // the server's content replaces the working copy only when nothing is unsaved (or a version was just loaded)
  useEffect(() => {
    if (!contentQ.data || contentQ.isFetching) return;
    if (versionLoading.current) {
      versionLoading.current = false;
      dispatch(A.versionLoaded(contentQ.data));
    } else if (!selectIsDirty(store.get())) {
      const first = store.get() === initialBuilderState;
      dispatch(A.loaded(contentQ.data));
      const wanted = Number(screenParam);
      if (first && contentQ.data.screens.some((s) => s.screen_id === wanted)) dispatch(A.selected(wanted));
    } else {
      // unsaved work stays; links, origins and linked screens (after a link or disconnect) follow the server
      dispatch(A.linksRefreshed(contentQ.data));
    }
    // screenParam is read on the first load only, on purpose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contentQ.data, contentQ.isFetching]);

  const serverHeader = activityQ.data ? detailsOf(activityQ.data) : null;
  const details = edited ?? serverHeader;
  const headerDirty = !!edited && !sameDetails(edited, savedHeader ?? serverHeader ?? edited);
  const dirty = selectIsDirty(state) || headerDirty;

  const selected = selectSelectedScreen(state);
  const visible = selectVisibleScreens(state);

  const onUpdate = useCallback(
    (edit: (body: ScreenBody) => ScreenBody) => {
      const current = selectSelectedScreen(store.get());
      if (current) dispatch(A.bodyEdited({ id: current.id, body: edit(current.body) }));
    },
    [dispatch, store],
  );

  /**
   * Writes everything unsaved, in order: the header (PUT activity), removed screens, changed bodies, then the order.
   * Each step marks only what it wrote as saved, so edits made meanwhile stay for the next round. Throws when a call
   * fails; answers false when the header had to wait (no title).
   */
  const save = async (): Promise<boolean> => {
    const head = header.get();
    let complete = true;
    if (head.edited && !sameDetails(head.edited, head.saved ?? serverHeader ?? head.edited)) {
      const sent = head.edited;
      if (sent.title.trim()) {
        await updateActivity({ id: activityId, ...sent, title: sent.title.trim() }).unwrap();
        header.set({ ...header.get(), saved: sent });
      } else {
        complete = false;
      }
    }
    const plan = selectSavePlan(store.get());
    for (const id of plan.remove) {
      await deleteScreen(id).unwrap();
      dispatch(A.screensDeleted([id]));
    }
    for (const screen of plan.bodies) {
      const saved = await saveScreen({ screenId: screen.id, ...screen.body }).unwrap();
      dispatch(A.screensSaved({ screens: [saved], sent: { [screen.id]: screen.body } }));
    }
    if (plan.order) {
      await saveOrder({ activityId, screens: plan.order }).unwrap();
      dispatch(A.orderSaved(plan.order.map((o) => o.screen_id)));
    }
    return complete;
  };
  const changes = useMemo(() => [state, edited], [state, edited]);
  const { status: saveStatus, flush } = useAutosave({ dirty, changes, save });
  useLeaveGuard({ base: builderHref(activityId), dirty, flush });

  const addScreen = async () => {
    const afterId = selected?.id ?? visible.at(-1)?.id ?? null;
    const screen = await createScreen({
      activityId,
      ...(afterId !== null ? { after_screen_id: afterId } : {}),
      ...(selected ? { section: selected.section } : {}),
    }).unwrap();
    dispatch(A.screensAdded({ screens: [screen], afterId }));
  };

  // On a linked screen: the target side of 001 section 4's "keep" case, so the screen becomes an independent copy.
  const disconnectLinked = (screenId: number) => {
    const screen = store.get().screens.find((s) => s.id === screenId);
    if (!screen?.origin) return;
    const source = screen.origin.screen_id;
    modal.confirm({
      title: t('dashboard.builder.links.disconnectTitle'),
      content: t('dashboard.builder.links.disconnectText', { title: screen.origin.activity_title }),
      okText: t('dashboard.builder.links.disconnect'),
      cancelText: t('dashboard.builder.cancel'),
      onOk: async () => {
        try {
          await disconnect({ source, target: activityId }).unwrap();
          void message.success(t('dashboard.builder.links.disconnected'));
        } catch {
          // toasted by the shared handler
        }
      },
    });
  };

  const exportActivity = () =>
    downloadFile(`${runtimeConfig.apiUrl}/dashboard/activities/${activityId}/export`, {
      token: authToken,
      language: i18n.language,
      customName: `activity-${activityId}.json`,
    }).catch(() => void message.error(t('dashboard.builder.list.exportFailed')));

  if (activityQ.isError || contentQ.isError) return <NotFoundPage />;
  // until the working copy holds the server's screens (the effect above), not an empty builder
  if (!activityQ.data || !contentQ.data || !details || state === initialBuilderState) return <PageLoader />;
  const activity = activityQ.data;

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Space wrap align="center">
          <Link to={builderListHref()}>{t('dashboard.builder.backToList')}</Link>
          <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{activity.title}</h1>
          <StatusTag tone={activity.status === 'published' ? 'green' : 'default'}>
            {t(`dashboard.builder.status.${activity.status}`)}
          </StatusTag>
          <SaveIndicator status={saveStatus} onRetry={() => void flush()} />
        </Space>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Space wrap>
          <Button onClick={() => setPreview(selected?.id ?? visible[0]?.id ?? null)} disabled={visible.length === 0}>
            {t('dashboard.builder.preview')}
          </Button>
          <Button onClick={() => setPanel('media')}>{t('dashboard.builder.media.libraryTitle')}</Button>
          <Button onClick={() => setPanel('versions')}>{t('dashboard.builder.versions.title')}</Button>
          <Button onClick={() => void exportActivity()}>{t('dashboard.builder.list.export')}</Button>
        </Space>
        <PublishButton activityId={activityId} status={activity.status} flush={flush} />
      </Flex>
      <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: '16px 16px 0' }}>
        <BuilderHeader value={details} onChange={setEdited} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={6} xl={5}>
          <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 16 }}>
            <ScreenList
              screens={visible}
              states={state.states}
              selectedId={state.selectedId}
              busy={adding || duplicating}
              onSelect={(id) => dispatch(A.selected(id))}
              onAdd={() => void addScreen().catch(() => undefined)}
              onDuplicate={(id) =>
                void duplicateScreens([id])
                  .unwrap()
                  .then((screens) => dispatch(A.screensAdded({ screens, afterId: id })))
                  .catch(() => undefined)
              }
              onRemove={(id) => dispatch(A.screenRemoved(id))}
              onPreview={setPreview}
              onAddSection={(id) => dispatch(A.sectionAdded(id))}
              onRemoveSection={(section) => dispatch(A.sectionRemoved(section))}
              onClone={() => setImporting('clone')}
              onLink={() => setImporting('link')}
              onShowLinks={(id, n) => setLinksOf({ id, n })}
            />
          </div>
        </Col>
        <Col xs={24} md={18} xl={19}>
          <section
            aria-label={t('dashboard.builder.grid.title')}
            style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 16 }}
          >
            {selected?.linked ? (
              <LinkedScreenView
                key={`${selected.id}-${selected.versionId}`}
                screen={selected}
                media={state.media}
                onDisconnect={() => disconnectLinked(selected.id)}
              />
            ) : selected ? (
              <GridEditor
                key={selected.id}
                body={selected.body}
                media={state.media}
                onChange={(body) => dispatch(A.bodyEdited({ id: selected.id, body }))}
                onUpdate={onUpdate}
                onMediaKnown={(m) => dispatch(A.mediaKnown(m))}
              />
            ) : (
              <Empty description={t('dashboard.builder.screens.none')} />
            )}
          </section>
        </Col>
      </Row>
      <VersionHistory
        open={panel === 'versions'}
        onClose={() => setPanel(null)}
        activityId={activityId}
        content={contentQ.data}
        dirty={dirty}
        onLoaded={() => {
          versionLoading.current = true;
        }}
      />
      <MediaLibrary
        open={panel === 'media'}
        onClose={() => setPanel(null)}
        onPick={(m) => {
          dispatch(A.mediaKnown([m]));
          if (selected) {
            dispatch(
              A.bodyEdited({
                id: selected.id,
                body: { ...selected.body, media: [...new Set([...selected.body.media, m.id])] },
              }),
            );
          }
        }}
      />
      {importing && (
        <ScreensFromActivityModal
          mode={importing}
          activityId={activityId}
          onClose={() => setImporting(null)}
          onDone={(screens) => {
            setImporting(null);
            dispatch(A.screensAdded({ screens, afterId: selectVisibleScreens(store.get()).at(-1)?.id ?? null }));
            void message.success(
              t(importing === 'clone' ? 'dashboard.builder.links.cloned' : 'dashboard.builder.links.linked', {
                count: screens.length,
              }),
            );
          }}
        />
      )}
      {linksOf && state.screens.some((s) => s.id === linksOf.id) && (
        <ScreenLinksModal
          screen={state.screens.find((s) => s.id === linksOf.id)!}
          number={linksOf.n}
          onClose={() => setLinksOf(null)}
        />
      )}
      {preview !== null && (
        <PreviewModal
          open
          onClose={() => setPreview(null)}
          screens={visible}
          media={state.media}
          startScreenId={preview}
        />
      )}
    </Flex>
  );
}
