import { UploadOutlined } from '@ant-design/icons';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Form, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useRosterQueueImportMutation } from '../roster-queue-api';
import type { RosterQueueItem } from '../roster-queue.types';
import { RosterAccountPicker } from './roster-account-picker';

/**
 * 'Import roster' (POST run import): a OneRoster CSV zip for an account. A district's staff import for their own
 * account; provider and domain staff choose it. The file is checked to be a .zip here; the server checks the rest.
 */
export function RosterImportButton({
  ownAccountId,
  defaultAccountId,
  onStarted,
}: {
  ownAccountId: number | undefined;
  defaultAccountId: number | undefined;
  onStarted: (item: RosterQueueItem) => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [accountId, setAccountId] = useState<number | undefined>(defaultAccountId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [run, { isLoading }] = useRosterQueueImportMutation();
  const account = ownAccountId ?? accountId;

  const close = () => {
    setOpen(false);
    setFile(null);
    setProblem(null);
  };
  const submit = async () => {
    if (!account) return setProblem(t('rosterUi.import.accountRequired'));
    if (!file) return setProblem(t('rosterUi.import.fileRequired'));
    try {
      const item = await run({ file, account_id: ownAccountId ? undefined : account }).unwrap();
      void message.success(t('rosterUi.import.started'));
      close();
      onStarted(item);
    } catch {
      // the shared handler shows the server's message
    }
  };

  return (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        onClick={() => {
          setAccountId(defaultAccountId);
          setOpen(true);
        }}
      >
        {t('rosterUi.import.button')}
      </Button>
      <Modal
        open={open}
        title={t('rosterUi.import.title')}
        okText={t('rosterUi.import.submit')}
        cancelText={t('rosterUi.import.cancel')}
        confirmLoading={isLoading}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Flex vertical gap="middle">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('rosterUi.import.hint')}
          </Typography.Paragraph>
          <Form layout="vertical" component="div">
            {ownAccountId === undefined && (
              <Form.Item label={t('rosterUi.account')} required>
                <RosterAccountPicker value={accountId} onChange={setAccountId} />
              </Form.Item>
            )}
            <Form.Item label={t('rosterUi.import.file')} required>
              <Upload
                accept=".zip,application/zip"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(f) => {
                  if (!f.name.toLowerCase().endsWith('.zip')) {
                    setFile(null);
                    setProblem(t('rosterUi.import.notZip'));
                  } else {
                    setFile(f);
                    setProblem(null);
                  }
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('rosterUi.import.choose')}</Button>
              </Upload>
              {file && (
                <Typography.Text style={{ display: 'block', marginTop: 8 }}>
                  {t('rosterUi.import.chosen', { name: file.name })}
                </Typography.Text>
              )}
            </Form.Item>
          </Form>
          {problem && (
            <Typography.Text type="danger" role="alert">
              {problem}
            </Typography.Text>
          )}
        </Flex>
      </Modal>
    </>
  );
}
