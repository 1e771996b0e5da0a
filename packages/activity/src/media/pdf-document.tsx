import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { PDF_THUMBNAIL_WIDTH } from '@aula/domain/activity-content';
import { PdfPager } from './pdf-pager';

// Loaded on demand (pdf-viewer.tsx): react-pdf and pdf.js stay out of the first load.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

export default function PdfDocument({ url, width }: { url: string; width: number }) {
  const [numPages, setNumPages] = useState(0);
  const [page, setPage] = useState(1);
  return (
    <Document
      file={url}
      onLoadSuccess={(doc) => {
        setNumPages(doc.numPages);
        setPage(1);
      }}
      // 000 section 8: a PDF load failure is only logged
      onLoadError={(err) => console.error('PDF load failed', err)}
      error={null}
    >
      {numPages > 0 && (
        <PdfPager
          numPages={numPages}
          page={page}
          onPage={(p) => setPage(Math.min(Math.max(p, 1), numPages))}
          renderThumbnail={(p) => (
            <Page pageNumber={p} width={PDF_THUMBNAIL_WIDTH} renderTextLayer={false} renderAnnotationLayer={false} />
          )}
          renderPage={(p) => <Page pageNumber={p} width={width} renderAnnotationLayer={false} />}
        />
      )}
    </Document>
  );
}
