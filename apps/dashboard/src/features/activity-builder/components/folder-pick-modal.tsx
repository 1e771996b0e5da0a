import { useT } from '@aula/web/lib/i18n.ts';
import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';

// Picks the destination folder for the list's bulk actions ('Copy to folder…', 'Move to folder…').

export function FolderPickModal({
  title,
  okText,
  help,
  folders,
  busy,
  onClose,
  onPick,
}: {
  title: string;
  okText: string;
  help: string;
  folders: { value: number; label: string }[];
  busy: boolean;
  onClose: () => void;
  onPick: (folderId: number) => void;
}) {
  const t = useT();
  const [folderId, setFolderId] = useState<number>();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('dashboard.builder.cancel')}
      okButtonProps={{ disabled: folderId === undefined, loading: busy }}
      onOk={() => folderId !== undefined && onPick(folderId)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('dashboard.builder.bulk.folder')} htmlFor="bulk-folder">
          <Select<number>
            id="bulk-folder"
            showSearch={{ optionFilterProp: 'label' }}
            value={folderId}
            onChange={setFolderId}
            options={folders}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
