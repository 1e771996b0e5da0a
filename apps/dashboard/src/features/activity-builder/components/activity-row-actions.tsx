import { DownOutlined } from '@ant-design/icons';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import type { Activity } from '../activity-builder.types';
import {
  useAddToFolderMutation,
  useArchiveActivityMutation,
  useDeleteActivityMutation,
  useDuplicateActivityMutation,
} from '../api';
import { FolderPickModal } from './folder-pick-modal';

/**
 * A builder's actions on one row of the activity list, behind one 'Actions' menu button so that the table fits a
 * 1366 px screen (issue 14, item 5): Duplicate, Add to folder… (a folder picker), Export, Archive or Unarchive, and
 * Delete (after a confirm). Each item is shown by permission.
 */
export function ActivityRowActions({
  activity: a,
  canBuild,
  canCreate,
  canDelete,
  folders,
}: {
  activity: Activity;
  canBuild: boolean;
  canCreate: boolean;
  canDelete: boolean;
  folders: { value: number; label: string }[];
}) {
  const t = useT();
  const { message, modal } = App.useApp();
  const token = useAppSelector(selectToken);
  const [duplicate] = useDuplicateActivityMutation();
  const [archive] = useArchiveActivityMutation();
  const [remove] = useDeleteActivityMutation();
  const [addToFolder, { isLoading: adding }] = useAddToFolderMutation();
  const [picking, setPicking] = useState(false);
  const freeFolders = folders.filter((o) => !a.folders.some((f) => f.id === o.value));

  const exportActivity = () =>
    downloadFile(`${runtimeConfig.apiUrl}/dashboard/activities/${a.id}/export`, {
      token,
      language: i18n.language,
      customName: `activity-${a.id}.json`,
    }).catch(() => void message.error(t('dashboard.builder.list.exportFailed')));

  const confirmDelete = () =>
    modal.confirm({
      title: t('dashboard.builder.list.deleteConfirm', { title: a.title }),
      okText: t('dashboard.builder.delete'),
      okButtonProps: { danger: true },
      cancelText: t('dashboard.builder.cancel'),
      onOk: () => remove(a.id).unwrap(),
    });

  const items: MenuProps['items'] = [
    canCreate && { key: 'duplicate', label: t('dashboard.builder.list.duplicate') },
    canBuild && freeFolders.length > 0 && { key: 'folder', label: t('dashboard.builder.folders.addMenu') },
    canBuild && { key: 'export', label: t('dashboard.builder.list.export') },
    canBuild && {
      key: 'archive',
      label: a.archived ? t('dashboard.builder.list.unarchive') : t('dashboard.builder.list.archive'),
    },
    canDelete && { key: 'delete', label: t('dashboard.builder.delete'), danger: true },
  ].filter((item) => item !== false);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'duplicate') void duplicate(a.id);
    else if (key === 'folder') setPicking(true);
    else if (key === 'export') void exportActivity();
    else if (key === 'archive') void archive({ id: a.id, archived: !a.archived });
    else if (key === 'delete') confirmDelete();
  };

  if (items.length === 0) return null;
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button size="small" aria-label={t('dashboard.builder.list.actionsOf', { title: a.title })}>
          {t('dashboard.builder.list.actions')} <DownOutlined />
        </Button>
      </Dropdown>
      {picking && (
        <FolderPickModal
          title={t('dashboard.builder.folders.addOf', { title: a.title })}
          okText={t('dashboard.builder.folders.add')}
          help={t('dashboard.builder.folders.addHelp')}
          folders={freeFolders}
          busy={adding}
          onClose={() => setPicking(false)}
          onPick={(folderId) =>
            void addToFolder({ activityId: a.id, folderId })
              .unwrap()
              .then(() => setPicking(false))
              .catch(() => undefined)
          }
        />
      )}
    </>
  );
}
