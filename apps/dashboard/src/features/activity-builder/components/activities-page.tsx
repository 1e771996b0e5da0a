import { CloseOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { ACTIVITY_KINDS, type ActivityKind } from '@aula/domain/activity-content';
import { can } from '@aula/domain/permissions';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectPolicy, selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { useDates } from '@aula/web/lib/use-dates.ts';
import {
  App,
  Button,
  Checkbox,
  Col,
  Flex,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  theme,
} from 'antd';
import { useState, type Key } from 'react';
import { Link, useParams } from 'react-router';
import type { Activity, ActivityFilters, ActivityListOf, ActivityStatus, Folder } from '../activity-builder.types';
import {
  useAddToFolderMutation,
  useArchiveActivityMutation,
  useCloneBulkMutation,
  useDeleteActivityMutation,
  useDuplicateActivityMutation,
  useImportActivityMutation,
  useListBuilderActivitiesQuery,
  useListFoldersQuery,
  useMoveToFolderMutation,
  useRemoveFromFolderMutation,
  useListTagsQuery,
  useSetFavoriteMutation,
} from '../api';
import { activityPreviewHref, activityViewHref, builderHref } from '../lib/builder-paths';
import { CreateActivityModal } from './create-activity-modal';
import { FolderPickModal } from './folder-pick-modal';
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

/**
 * The activity list (issue 4, item 10). For builders: the folder tree, search and filters (kind, status, tag,
 * favourite), active or archived, create, import, favourite toggle, duplicate, export, archive and delete; ticked
 * activities can be copied into a folder (clone-bulk: a job, then the 'activities copied' notification) or moved to
 * one (folders/set per activity). For
 * viewers (/activities): the published activities, each linking to its details and preview. With `listOf` it is
 * view-only, whoever looks: the list call is the one under that account, school, teacher or admin.
 */
export function ActivitiesPage({ listOf }: { listOf?: ActivityListOf } = {}) {
  const t = useT();
  const dates = useDates();
  const { token: theme_ } = theme.useToken();
  const { message } = App.useApp();
  const policy = useAppSelector(selectPolicy);
  const token = useAppSelector(selectToken);
  const viewOnly = listOf !== undefined;
  const canBuild = !viewOnly && (policy ? can(policy, 'activity-builder', ['view', 'update']) : false);
  const canCreate = !viewOnly && (policy ? can(policy, 'activity-builder', ['view', 'create']) : false);
  const canDelete = !viewOnly && (policy ? can(policy, 'activity-builder', ['view', 'delete']) : false);

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
  const [archive] = useArchiveActivityMutation();
  const [remove] = useDeleteActivityMutation();
  const [duplicate] = useDuplicateActivityMutation();
  const [importActivity, { isLoading: importing }] = useImportActivityMutation();
  const { data: folderTree = [] } = useListFoldersQuery({ archived }, { skip: viewOnly });
  const allFolders = flatFolders(folderTree);
  const folderOptions = allFolders.map((f) => ({ value: f.id, label: f.label }));
  const [addToFolder] = useAddToFolderMutation();
  const [cloneBulk, { isLoading: copying }] = useCloneBulkMutation();
  const [moveToFolder, { isLoading: moving }] = useMoveToFolderMutation();
  const [removeFromFolder] = useRemoveFromFolderMutation();

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

  const exportActivity = (activity: Activity) =>
    downloadFile(`${runtimeConfig.apiUrl}/dashboard/activities/${activity.id}/export`, {
      token,
      language: i18n.language,
      customName: `activity-${activity.id}.json`,
    }).catch(() => void message.error(t('dashboard.builder.list.exportFailed')));

  const importFile = async (file: File) => {
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      void message.error(t('dashboard.builder.list.importInvalid'));
      return;
    }
    const activity = await importActivity({ document, ...(folderId !== null ? { folder_id: folderId } : {}) }).unwrap();
    void message.success(t('dashboard.builder.list.imported', { title: activity.title }));
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
          {canCreate && (
            <Upload
              accept="application/json,.json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void importFile(file).catch(() => undefined);
                return false;
              }}
            >
              <Button loading={importing}>{t('dashboard.builder.list.import')}</Button>
            </Upload>
          )}
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
              locale={{ emptyText: t('dashboard.builder.list.empty') }}
              columns={[
                {
                  key: 'favorite',
                  width: 56,
                  title: t('dashboard.builder.list.favorite'),
                  render: (_v, a) => (
                    <Button
                      type="text"
                      aria-pressed={a.favorite}
                      aria-label={t('dashboard.builder.list.favoriteOf', { title: a.title })}
                      icon={a.favorite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
                      onClick={() => void toggleFavorite({ id: a.id, favorite: !a.favorite })}
                    />
                  ),
                },
                {
                  key: 'title',
                  title: t('dashboard.builder.fields.title'),
                  render: (_v, a) => (
                    <Flex vertical gap={4} align="start">
                      <Link to={canBuild ? builderHref(a.id) : activityViewHref(a.id)}>{a.title}</Link>
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
                  ),
                },
                {
                  key: 'kind',
                  title: t('dashboard.builder.fields.kind'),
                  render: (_v, a) => t(`dashboard.builder.kinds.${a.kind}`),
                },
                {
                  key: 'status',
                  title: t('dashboard.builder.fields.status'),
                  render: (_v, a) => (
                    <StatusTag tone={a.status === 'published' ? 'green' : 'default'}>
                      {t(`dashboard.builder.status.${a.status}`)}
                    </StatusTag>
                  ),
                },
                {
                  key: 'tags',
                  title: t('dashboard.builder.fields.tags'),
                  render: (_v, a) => a.tags.map((x) => <Tag key={x}>{x}</Tag>),
                },
                { key: 'screens', title: t('dashboard.builder.list.screens'), dataIndex: 'screens_count' },
                {
                  key: 'updated',
                  title: t('dashboard.builder.list.updated'),
                  render: (_v, a) => dates.date(a.updated_at),
                },
                {
                  key: 'actions',
                  title: t('dashboard.builder.list.actions'),
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
                      {canCreate && (
                        <Button
                          size="small"
                          onClick={() => void duplicate(a.id)}
                          aria-label={t('dashboard.builder.list.duplicateOf', { title: a.title })}
                        >
                          {t('dashboard.builder.list.duplicate')}
                        </Button>
                      )}
                      {canBuild && folderOptions.length > 0 && (
                        <Select<number>
                          size="small"
                          style={{ width: 150 }}
                          value={null}
                          aria-label={t('dashboard.builder.folders.addOf', { title: a.title })}
                          placeholder={t('dashboard.builder.folders.add')}
                          options={folderOptions.filter((o) => !a.folders.some((f) => f.id === o.value))}
                          onChange={(folderId) => void addToFolder({ activityId: a.id, folderId })}
                        />
                      )}
                      {canBuild && (
                        <Button
                          size="small"
                          onClick={() => void exportActivity(a)}
                          aria-label={t('dashboard.builder.list.exportOf', { title: a.title })}
                        >
                          {t('dashboard.builder.list.export')}
                        </Button>
                      )}
                      {canBuild && (
                        <Button
                          size="small"
                          onClick={() => void archive({ id: a.id, archived: !a.archived })}
                          aria-label={t(
                            a.archived ? 'dashboard.builder.list.unarchiveOf' : 'dashboard.builder.list.archiveOf',
                            { title: a.title },
                          )}
                        >
                          {a.archived ? t('dashboard.builder.list.unarchive') : t('dashboard.builder.list.archive')}
                        </Button>
                      )}
                      {canDelete && (
                        <Popconfirm
                          title={t('dashboard.builder.list.deleteConfirm', { title: a.title })}
                          okText={t('dashboard.builder.delete')}
                          cancelText={t('dashboard.builder.cancel')}
                          onConfirm={() => remove(a.id).unwrap()}
                        >
                          <Button size="small" aria-label={t('dashboard.builder.list.deleteOf', { title: a.title })}>
                            {t('dashboard.builder.delete')}
                          </Button>
                        </Popconfirm>
                      )}
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
