import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Input, Modal, Popconfirm, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import type { Folder } from '../activity-builder.types';
import { useCreateFolderMutation, useDeleteFolderMutation, useListFoldersQuery, useRenameFolderMutation } from '../api';

// The folder tree beside the activity list (001 sections 3 and 7): choosing a folder filters the list; builders
// create sub-folders, rename and delete them.

const ALL = 'all';

function toNodes(folders: readonly Folder[]): DataNode[] {
  return folders.map((f) => ({
    key: String(f.id),
    title: `${f.title} (${f.activities_count})`,
    children: toNodes(f.children ?? []),
  }));
}

function findFolder(folders: readonly Folder[], id: number): Folder | undefined {
  for (const f of folders) {
    if (f.id === id) return f;
    const hit = findFolder(f.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

export function FolderTree({
  selected,
  onSelect,
  archived,
  canEdit,
}: {
  selected: number | null;
  onSelect: (id: number | null) => void;
  archived: boolean;
  canEdit: boolean;
}) {
  const t = useT();
  const { message } = App.useApp();
  const { data: folders = [], isFetching } = useListFoldersQuery({ archived });
  const [createFolder] = useCreateFolderMutation();
  const [renameFolder] = useRenameFolderMutation();
  const [deleteFolder] = useDeleteFolderMutation();
  const [editing, setEditing] = useState<{ mode: 'create' | 'rename'; title: string } | null>(null);
  const current = selected === null ? undefined : findFolder(folders, selected);

  const submit = async () => {
    if (!editing || !editing.title.trim()) return;
    if (editing.mode === 'create') {
      await createFolder({ title: editing.title.trim(), folder_id: selected }).unwrap();
      void message.success(t('dashboard.builder.folders.created'));
    } else if (current) {
      await renameFolder({ id: current.id, title: editing.title.trim() }).unwrap();
    }
    setEditing(null);
  };

  return (
    <nav aria-label={t('dashboard.builder.folders.title')}>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {t('dashboard.builder.folders.title')}
      </Typography.Title>
      <Tree
        // defaultExpandAll applies when the tree mounts: mount it again once the folders are there
        key={folders.length > 0 ? 'folders' : 'empty'}
        blockNode
        defaultExpandAll
        aria-busy={isFetching}
        selectedKeys={[selected === null ? ALL : String(selected)]}
        onSelect={(keys) => {
          const key = keys[0];
          onSelect(key === undefined || key === ALL ? null : Number(key));
        }}
        treeData={[{ key: ALL, title: t('dashboard.builder.folders.all'), children: toNodes(folders) }]}
      />
      {canEdit && (
        <Flex gap="small" wrap style={{ marginTop: 12 }}>
          <Button size="small" onClick={() => setEditing({ mode: 'create', title: '' })}>
            {t('dashboard.builder.folders.new')}
          </Button>
          {current && (
            <>
              <Button size="small" onClick={() => setEditing({ mode: 'rename', title: current.title })}>
                {t('dashboard.builder.folders.rename')}
              </Button>
              <Popconfirm
                title={t('dashboard.builder.folders.deleteConfirm', { title: current.title })}
                okText={t('dashboard.builder.delete')}
                cancelText={t('dashboard.builder.cancel')}
                onConfirm={async () => {
                  await deleteFolder(current.id).unwrap();
                  onSelect(null);
                }}
              >
                <Button size="small">{t('dashboard.builder.folders.delete')}</Button>
              </Popconfirm>
            </>
          )}
        </Flex>
      )}
      <Modal
        open={editing !== null}
        title={editing?.mode === 'rename' ? t('dashboard.builder.folders.rename') : t('dashboard.builder.folders.new')}
        okText={t('dashboard.builder.save')}
        cancelText={t('dashboard.builder.cancel')}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        okButtonProps={{ disabled: !editing?.title.trim() }}
        destroyOnHidden
      >
        <label htmlFor="folder-title">{t('dashboard.builder.folders.name')}</label>
        <Input
          id="folder-title"
          autoFocus
          value={editing?.title ?? ''}
          maxLength={255}
          onChange={(e) => setEditing((v) => (v ? { ...v, title: e.target.value } : v))}
          onPressEnter={() => void submit()}
        />
      </Modal>
    </nav>
  );
}
