import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const PdfDocument = lazy(() => import('./pdf-document'));

export function PdfViewer({ url, width = 640 }: { url: string; width?: number }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spin aria-label={t('activityMedia.loading')} />}>
      <PdfDocument url={url} width={width} />
    </Suspense>
  );
}
