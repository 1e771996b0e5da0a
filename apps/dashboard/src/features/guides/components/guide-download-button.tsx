import { DownloadOutlined } from '@ant-design/icons';
import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { downloadFile } from '@aula/web/lib/download.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { runtimeConfig } from '@aula/web/lib/runtime-config.ts';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { Guide } from '../guides.types';

/** Downloads a guide's file with the bearer token (the API checks who may), saved under the uploaded name. */
export function GuideDownloadButton({ guide, size }: { guide: Guide; size?: 'small' | 'middle' }) {
  const t = useT();
  const { message } = App.useApp();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`${runtimeConfig.apiUrl}${guide.file.url}`, {
        token,
        language: i18n.language,
        customName: guide.file.name,
      });
    } catch {
      void message.error(t('guides.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={`${t('guides.download')}: ${guide.title}`}
      onClick={() => void download()}
    >
      {t('guides.download')}
    </Button>
  );
}
