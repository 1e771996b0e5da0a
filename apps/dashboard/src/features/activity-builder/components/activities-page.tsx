import { CloseOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { ACTIVITY_KINDS, type ActivityKind } from '@aula/domain/activity-content';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy } from '@aula/web/features/auth/auth.slice.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import {
  App,
  Button,
  Checkbox,
  Col,
  Flex,
  Input,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState, type Key } from 'react';
import { Link, useParams } from 'react-router';
import type { Activity, ActivityFilters, ActivityListOf, ActivityStatus, Folder } from '../activity-builder.types';
import {
  useCloneBulkMutation,
  useListBuilderActivitiesQuery,
  useListFoldersQuery,
  useMoveToFolderMutation,
  useRemoveFromFolderMutation,
  useListTagsQuery,
  useSetFavoriteMutation,
} from '../api';
import { activityPreviewHref, activityViewHref, builderHref } from '../lib/builder-paths';
import { ActivityRowActions } from './activity-row-actions';
import { AssignActivityAction } from './assign-activity-action';
import { CreateActivityModal } from './create-activity-modal';
import { FolderPickModal } from './folder-pick-modal';
import { ImportActivityButton } from './import-activity-button';
import { FolderTree } from './folder-tree';
import { StatusTag } from '../../../components/status-tag';

const PER_PAGE = 20;

/** Every folder of a tree with its path, for the 'add to folder' picker. */
function flatFolders(
  folders: readonly Folder[],
  prefix = '',
): { id: number; label: string; productId: number | null; title: string }[] {
  return folders.flatMap((f) => [
    { id: f.id, label: `${prefix}${f.title}`, productId: f.product_id, title: f.title },
    ...flatFolders(f.children ?? [], `${prefix}${f.title} / `),
  ]);
}

const LIST_SCOPES = [
  ['accountId', 'accounts'],
  ['orgId', 'organizations'],
  ['teacherId', 'teachers'],
  ['adminId', 'admins'],
] as const;

/**
 * /accounts/:id/activities, /organizations/:id/activities, /teachers/:id/activities and /admins/:id/activities: the
 * list below in its view-only mode, listing what that account, school, teacher or admin may use.
 */
export function ScopedActivitiesPage() {
  const params = useParams();
  const [param, scope] = LIST_SCOPES.find(([p]) => params[p] !== undefined) ?? LIST_SCOPES[0];
  const id = Number(params[param]);
  return <ActivitiesPage key={`${scope}/${id}`} listOf={{ scope, id }} />;
}

/** /activities: the published library as teachers see it, for builders too (issue 14); they author in the builder. */
export function LibraryPage() {
  return <ActivitiesPage library />;
}

/**
 * The activity list (issue 4, item 10). For builders: the folder tree, search and filters (kind, status, tag,
 * favourite), active or archived, create, import, favourite toggle, duplicate, export, archive and delete; ticked
 * activities can be copied into a folder (clone-bulk: a job, then the 'activities copied' notification) or moved to
 * one (folders/set per activity). For
 * viewers (/activities): the published activities, each linking to its details and preview. With `listOf` it is
 * view-only, whoever looks: the list call is the one under that account, school, teacher or admin.
 */
export function ActivitiesPage({ listOf, library = false }: { listOf?: ActivityListOf; library?: boolean } = {}) {
  const t = useT();
  const dates = useDates();
  const { token: theme_ } = theme.useToken();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const viewOnly = listOf !== undefined;
  const author = !viewOnly && !library;
  const canBuild = author && (policy ? can(policy, 'activity-builder', ['view', 'update']) : false);
  const canCreate = author && (policy ? can(policy, 'activity-builder', ['view', 'create']) : false);
  const canDelete = author && (policy ? can(policy, 'activity-builder', ['view', 'delete']) : false);

  const [folderId, setFolderId] = useState<number | null>(null);
  const [archived, setArchived] = useState(false);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ActivityKind>();
  const [status, setStatus] = useState<ActivityStatus>();
  const [tag, setTag] = useState<string>();
  const [favorite, setFavorite] = useState(false);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [ticked, setTicked] = useState<number[]>([]);
  const [bulk, setBulk] = useState<'copy' | 'move' | null>(null);

  const filters: ActivityFilters & { archived?: boolean } = {
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(tag ? { tag } : {}),
    ...(favorite ? { favorite: true } : {}),
    ...(folderId !== null ? { folder_id: folderId } : {}),
    ...(archived ? { archived: true } : {}),
    ...(canBuild ? {} : { viewer: true }),
    ...(listOf ? { of: listOf } : {}),
  };
  const { data, isFetching } = useListBuilderActivitiesQuery(filters);
  const { data: tags = [] } = useListTagsQuery();
  const [toggleFavorite] = useSetFavoriteMutation();
  const { data: folderTree = [] } = useListFoldersQuery({ archived }, { skip: viewOnly });
  const allFolders = flatFolders(folderTree);
  const folderOptions = allFolders.map((f) => ({ value: f.id, label: f.label }));
  const [cloneBulk, { isLoading: copying }] = useCloneBulkMutation();
  const [moveToFolder, { isLoading: moving }] = useMoveToFolderMutation();
  const [removeFromFolder] = useRemoveFromFolderMutation();

  // an empty library says what to do; an empty search or filter says that nothing matches
  const unfiltered = !search && !kind && !status && !tag && !favorite && folderId === null && !archived;
  const emptyText =
    unfiltered && !viewOnly
      ? t(canBuild ? 'dashboard.builder.list.emptyBuilder' : 'dashboard.builder.list.emptyViewer')
      : t('dashboard.builder.list.empty');

  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setTicked([]);
    };

  const runBulk = async (folderId: number) => {
    const folder = allFolders.find((f) => f.id === folderId);
    if (!folder) return;
    try {
      if (bulk === 'copy') {
        // 202: the copies are made by a job; the notification names the folder when they are there
        await cloneBulk({ activity_ids: ticked, target_folder_id: folderId }).unwrap();
        void message.info(t('dashboard.builder.bulk.copyStarted', { count: ticked.length, folder: folder.title }));
      } else {
        for (const activityId of ticked) {
          await moveToFolder({ activityId, folderId, productId: folder.productId, archived }).unwrap();
        }
        void message.success(t('dashboard.builder.bulk.moved', { count: ticked.length, folder: folder.title }));
      }
      setBulk(null);
      setTicked([]);
    } catch {
      // toasted by the shared handler; the dialog stays open
    }
  };

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: theme_.fontSizeHeading2, margin: 0 }}>
          {archived
            ? t('dashboard.builder.list.archiveTitle')
            : canBuild
              ? t('dashboard.builder.list.title')
              : viewOnly
                ? t(`dashboard.builder.list.of.${listOf.scope}`)
                : t('dashboard.builder.list.viewerTitle')}
        </h1>
        <Space wrap>
          {canCreate && <ImportActivityButton folderId={folderId} />}
          {canCreate && (
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('dashboard.builder.list.createTitle')}
            </Button>
          )}
        </Space>
      </Flex>
      <Row gutter={[24, 24]}>
        {!viewOnly && (
          <Col xs={24} md={6}>
            <div style={{ background: theme_.colorBgContainer, borderRadius: theme_.borderRadiusLG, padding: 16 }}>
              <FolderTree selected={folderId} onSelect={filtered(setFolderId)} archived={archived} canEdit={canBuild} />
            </div>
          </Col>
        )}
        <Col xs={24} md={viewOnly ? 24 : 18} style={{ minWidth: 0, overflowX: 'auto' }}>
          <Flex vertical gap="middle">
            <Flex wrap gap="small" role="search" aria-label={t('dashboard.builder.list.filters')}>
              <Input.Search
                allowClear
                aria-label={t('dashboard.builder.list.search')}
                placeholder={t('dashboard.builder.list.search')}
                style={{ width: 240 }}
                onSearch={filtered(setSearch)}
              />
              <Select
                allowClear
                aria-label={t('dashboard.builder.fields.kind')}
                placeholder={t('dashboard.builder.fields.kind')}
                style={{ width: 200 }}
                value={kind}
                onChange={filtered(setKind)}
                options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`dashboard.builder.kinds.${k}`) }))}
              />
              {canBuild && (
                <Select
                  allowClear
                  aria-label={t('dashboard.builder.fields.status')}
                  placeholder={t('dashboard.builder.fields.status')}
                  style={{ width: 140 }}
                  value={status}
                  onChange={filtered(setStatus)}
                  options={(['draft', 'published'] as const).map((s) => ({
                    value: s,
                    label: t(`dashboard.builder.status.${s}`),
                  }))}
                />
              )}
              <Select
                allowClear
                showSearch
                aria-label={t('dashboard.builder.fields.tag')}
                placeholder={t('dashboard.builder.fields.tag')}
                style={{ width: 160 }}
                value={tag}
                onChange={filtered(setTag)}
                options={tags.map((x) => ({ value: x.name, label: x.name }))}
              />
              <Checkbox checked={favorite} onChange={(e) => filtered(setFavorite)(e.target.checked)}>
                {t('dashboard.builder.list.favoritesOnly')}
              </Checkbox>
              {canBuild && (
                <Segmented
                  aria-label={t('dashboard.builder.list.show')}
                  value={archived ? 'archived' : 'active'}
                  onChange={(v) => filtered(setArchived)(v === 'archived')}
                  options={[
                    { value: 'active', label: t('dashboard.builder.list.active') },
                    { value: 'archived', label: t('dashboard.builder.list.archived') },
                  ]}
                />
              )}
            </Flex>
            {canBuild && canCreate && (
              <Flex wrap gap="small" align="center" role="group" aria-label={t('dashboard.builder.bulk.title')}>
                <Typography.Text aria-live="polite">
                  {t('dashboard.builder.bulk.selected', { count: ticked.length })}
                </Typography.Text>
                <Button disabled={ticked.length === 0 || folderOptions.length === 0} onClick={() => setBulk('copy')}>
                  {t('dashboard.builder.bulk.copy')}
                </Button>
                <Button disabled={ticked.length === 0 || folderOptions.length === 0} onClick={() => setBulk('move')}>
                  {t('dashboard.builder.bulk.move')}
                </Button>
              </Flex>
            )}
            <Table<Activity>
              rowKey="id"
              size="middle"
              // fixed layout: the columns of short values get their widths and Title and Tags share the rest, so a
              // long title or tag wraps instead of pushing Updated and Actions off a 1366 px screen
              tableLayout="fixed"
              loading={isFetching}
              dataSource={data?.data ?? []}
              {...(canBuild && canCreate
                ? {
                    rowSelection: {
                      selectedRowKeys: ticked,
                      onChange: (keys: Key[]) => setTicked(keys.map(Number)),
                      getCheckboxProps: (a: Activity) => ({
                        'aria-label': t('dashboard.builder.bulk.selectOf', { title: a.title }),
                      }),
                    },
                  }
                : {})}
              pagination={{
                current: page,
                pageSize: PER_PAGE,
                total: data?.meta.total ?? 0,
                showSizeChanger: false,
                onChange: (p) => {
                  setPage(p);
                  setTicked([]);
                },
              }}
              locale={{ emptyText }}
              columns={[
                {
                  key: 'title',
                  title: t('dashboard.builder.fields.title'),
                  // the favourite star sits before the title (not a column of its own: the table fits 1366 px)
                  render: (_v, a) => (
                    <Flex gap={4} align="start">
                      <Button
                        type="text"
                        size="small"
                        aria-pressed={a.favorite}
                        aria-label={t('dashboard.builder.list.favoriteOf', { title: a.title })}
                        icon={a.favorite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
                        onClick={() => void toggleFavorite({ id: a.id, favorite: !a.favorite })}
                      />
                      <Flex vertical gap={4} align="start">
                        <Link
                          to={canBuild ? builderHref(a.id) : activityViewHref(a.id)}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {a.title}
                        </Link>
                        {a.folders.length > 0 && (
                          <Flex wrap gap={4}>
                            {a.folders.map((f) => (
                              <Tag key={f.id} style={{ marginInlineEnd: 0 }}>
                                {f.title}
                                {canBuild && (
                                  <Button
                                    type="text"
                                    size="small"
                                    icon={<CloseOutlined />}
                                    aria-label={t('dashboard.builder.folders.removeFrom', { folder: f.title })}
                                    onClick={() => void removeFromFolder({ activityId: a.id, folderId: f.id })}
                                    style={{ height: 18, width: 18, minWidth: 18, marginInlineStart: 4 }}
                                  />
                                )}
                              </Tag>
                            ))}
                          </Flex>
                        )}
                      </Flex>
                    </Flex>
                  ),
                },
                {
                  key: 'kind',
                  title: t('dashboard.builder.fields.kind'),
                  width: 120,
                  render: (_v, a) => t(`dashboard.builder.kinds.${a.kind}`),
                },
                {
                  key: 'status',
                  title: t('dashboard.builder.fields.status'),
                  width: 120,
                  render: (_v, a) => (
                    <StatusTag tone={a.status === 'published' ? 'green' : 'default'}>
                      {t(`dashboard.builder.status.${a.status}`)}
                    </StatusTag>
                  ),
                },
                {
                  key: 'tags',
                  title: t('dashboard.builder.fields.tags'),
                  render: (_v, a) =>
                    a.tags.map((x) => (
                      <Tag key={x} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                        {x}
                      </Tag>
                    )),
                },
                { key: 'screens', title: t('dashboard.builder.list.screens'), dataIndex: 'screens_count', width: 90 },
                {
                  key: 'updated',
                  title: t('dashboard.builder.list.updated'),
                  width: 130,
                  render: (_v, a) => dates.date(a.updated_at),
                },
                {
                  key: 'actions',
                  title: t('dashboard.builder.list.actions'),
                  width: 200,
                  render: (_v, a) => (
                    <Space wrap size={4}>
                      {!canBuild && (
                        <Link
                          to={activityPreviewHref(a.id)}
                          aria-label={t('dashboard.builder.list.previewOf', { title: a.title })}
                        >
                          {t('dashboard.builder.list.preview')}
                        </Link>
                      )}
                      {!canBuild && <AssignActivityAction activity={a} />}
                      <ActivityRowActions
                        activity={a}
                        canBuild={canBuild}
                        canCreate={canCreate}
                        canDelete={canDelete}
                        folders={folderOptions}
                      />
                    </Space>
                  ),
                },
              ]}
            />
            <Typography.Text type="secondary" aria-live="polite">
              {t('dashboard.builder.list.total', { count: data?.meta.total ?? 0 })}
            </Typography.Text>
          </Flex>
        </Col>
      </Row>
      {bulk && (
        <FolderPickModal
          title={t(bulk === 'copy' ? 'dashboard.builder.bulk.copyTitle' : 'dashboard.builder.bulk.moveTitle', {
            count: ticked.length,
          })}
          okText={t(bulk === 'copy' ? 'dashboard.builder.bulk.copyOk' : 'dashboard.builder.bulk.moveOk')}
          help={t(bulk === 'copy' ? 'dashboard.builder.bulk.copyHelp' : 'dashboard.builder.bulk.moveHelp')}
          folders={folderOptions}
          busy={copying || moving}
          onClose={() => setBulk(null)}
          onPick={(folderId) => void runBulk(folderId)}
        />
      )}
      <CreateActivityModal open={creating} folderId={folderId} onClose={() => setCreating(false)} />
    </Flex>
  );
}
