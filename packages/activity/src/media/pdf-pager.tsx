import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The PDF viewer's navigation (000 section 2): page thumbnails and a current page that starts at 1. The pages
 * themselves are drawn by react-pdf (pdf-document.tsx); this part holds no PDF code so it renders anywhere.
 */
export function PdfPager({
  numPages,
  page,
  onPage,
  renderPage,
  renderThumbnail,
}: {
  numPages: number;
  page: number;
  onPage: (page: number) => void;
  renderPage: (page: number) => ReactNode;
  renderThumbnail: (page: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const pages = Array.from({ length: numPages }, (_, i) => i + 1);
  return (
    <div className="aula-pdf" style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <nav aria-label={t('activityMedia.pdfPages')} style={{ maxHeight: 600, overflowY: 'auto', flex: 'none' }}>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {pages.map((p) => (
            <li key={p} style={{ marginBottom: 8 }}>
              <button
                type="button"
                aria-label={t('activityMedia.pdfThumbnail', { page: p })}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPage(p)}
                style={{
                  padding: 2,
                  border: p === page ? '2px solid #1677ff' : '1px solid #d9d9d9',
                  background: 'none',
                  cursor: 'pointer',
                }}
              >
                {renderThumbnail(p)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
          <Button size="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            {t('activityMedia.pdfPrevious')}
          </Button>
          <span role="status">{t('activityMedia.pdfPage', { page, total: numPages })}</span>
          <Button size="small" onClick={() => onPage(page + 1)} disabled={page >= numPages}>
            {t('activityMedia.pdfNext')}
          </Button>
        </div>
        {renderPage(page)}
      </div>
    </div>
  );
}
