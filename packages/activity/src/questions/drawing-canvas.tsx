import { useEffect, useRef } from 'react';
import { DefaultColorStyle, getSnapshot, Tldraw, type Editor, type TLStoreSnapshot, type TLUiOverrides } from 'tldraw';
import 'tldraw/tldraw.css';
import { getAssetUrlsByImport } from '@tldraw/assets/imports.vite';
import { annotationOf, type DrawingDocument } from './drawing-document';
import { tldrawLicenseKey } from './tldraw-licence';

// Loaded on demand (React.lazy in drawing-question.tsx): tldraw is the heaviest part of the renderer. Its fonts,
// icons and translations are bundled with the app rather than fetched from tldraw's CDN: students' browsers talk
// to our hosts only, and the drawing tool works on closed school networks.
const assetUrls = getAssetUrlsByImport();

/** Shapes and assets that bring a file or a page from elsewhere into a drawing: none may be added (000 section 5). */
const BLOCKED_SHAPES = new Set(['image', 'video', 'bookmark', 'embed']);
const BLOCKED_ASSETS = new Set(['image', 'video', 'bookmark']);

/** No insert-media or embed actions and no asset tool in the menus and toolbar. */
const overrides: TLUiOverrides = {
  actions(_editor, actions) {
    const rest = { ...actions };
    delete rest['insert-media'];
    delete rest['insert-embed'];
    return rest;
  },
  tools(_editor, tools) {
    const rest = { ...tools };
    delete rest.asset;
    return rest;
  },
};

/** The drawing is reported this long after the pen stops, not on every pointer move. */
const REPORT_DELAY_MS = 300;

export interface DrawingCanvasProps {
  /** the document to show (the student's drawing; in review, with the teacher's annotation over it) */
  document: DrawingDocument | undefined;
  readOnly: boolean;
  label: string;
  /** the question text and validation message describing the drawing area */
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  /** the student's drawing changed (student_work) */
  onChange?: ((document: DrawingDocument) => void) | undefined;
  /**
   * review: the document is the student's drawing with the teacher's annotation over it; `ids` are the annotation's
   * records. Every other record is the student's and is guarded (never changes); the teacher's new records are
   * reported as the annotation (teacher_review, when not read-only).
   */
  annotation?: { ids: ReadonlySet<string>; onChange?: ((annotation: DrawingDocument) => void) | undefined };
  /** the editor has mounted */
  onReady?: ((editor: Editor) => void) | undefined;
  /** an image, video, web page or file was refused */
  onBlocked?: (() => void) | undefined;
}

function documentSnapshot(editor: Editor): DrawingDocument {
  return getSnapshot(editor.store).document as unknown as DrawingDocument;
}

/**
 * The tldraw editor of a drawing question. Nothing from outside may be added to a drawing: no files (images,
 * videos), no pasted web pages or embeds, by drop, paste, menu or toolbar; anything that still gets created is
 * removed at once. With an annotation layer the student's records are guarded: a change to one is refused.
 */
export default function DrawingCanvas({
  document,
  readOnly,
  label,
  describedBy,
  invalid,
  onChange,
  annotation,
  onReady,
  onBlocked,
}: DrawingCanvasProps) {
  const handlers = useRef({ onChange, annotation, onBlocked, onReady });
  const editorRef = useRef<Editor | null>(null);
  useEffect(() => {
    handlers.current = { onChange, annotation, onBlocked, onReady };
  });
  useEffect(() => {
    editorRef.current?.updateInstanceState({ isReadonly: readOnly });
  }, [readOnly]);

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      data-invalid={invalid || undefined}
      style={{ position: 'relative', height: 420 }}
    >
      <Tldraw
        licenseKey={tldrawLicenseKey()}
        assetUrls={assetUrls}
        snapshot={document as unknown as TLStoreSnapshot | undefined}
        overrides={overrides}
        acceptedImageMimeTypes={[]}
        acceptedVideoMimeTypes={[]}
        onMount={(editor) => {
          editorRef.current = editor;
          editor.updateInstanceState({ isReadonly: readOnly });
          const cleanups: (() => void)[] = [];
          const blocked = () => handlers.current.onBlocked?.();
          // files (images, videos) and pasted SVG become image assets; a pasted URL becomes a bookmark with a
          // preview fetched from elsewhere, or an embed: all refused
          editor.registerExternalContentHandler('files', blocked);
          editor.registerExternalContentHandler('svg-text', blocked);
          editor.registerExternalContentHandler('url', blocked);
          editor.registerExternalContentHandler('embed', blocked);
          // and whatever gets in another way (pasted tldraw content, a shortcut) is taken out again
          cleanups.push(
            editor.sideEffects.registerAfterCreateHandler('shape', (shape, source) => {
              if (source !== 'user' || !BLOCKED_SHAPES.has(shape.type)) return;
              queueMicrotask(() => editor.deleteShape(shape.id));
              blocked();
            }),
            editor.sideEffects.registerAfterCreateHandler('asset', (asset, source) => {
              if (source !== 'user' || !BLOCKED_ASSETS.has(asset.type)) return;
              queueMicrotask(() => editor.deleteAssets([asset.id]));
            }),
          );

          const layer = handlers.current.annotation;
          let studentIds: ReadonlySet<string> = new Set();
          if (layer) {
            studentIds = new Set(Object.keys(documentSnapshot(editor).store).filter((id) => !layer.ids.has(id)));
            const guarded = (id: string) => studentIds.has(id);
            for (const type of ['shape', 'binding', 'asset', 'page', 'document'] as const) {
              cleanups.push(
                editor.sideEffects.registerBeforeChangeHandler(type, (prev, next) => (guarded(prev.id) ? prev : next)),
                editor.sideEffects.registerBeforeDeleteHandler(type, (record) =>
                  guarded(record.id) ? false : undefined,
                ),
              );
            }
            // the teacher's notes stand out from the student's drawing
            editor.setStyleForNextShapes(DefaultColorStyle, 'red');
          }

          let timer: ReturnType<typeof setTimeout> | undefined;
          cleanups.push(
            editor.store.listen(
              () => {
                clearTimeout(timer);
                timer = setTimeout(() => {
                  const doc = documentSnapshot(editor);
                  const h = handlers.current;
                  if (h.annotation) h.annotation.onChange?.(annotationOf(doc, studentIds));
                  else h.onChange?.(doc);
                }, REPORT_DELAY_MS);
              },
              { scope: 'document', source: 'user' },
            ),
          );
          handlers.current.onReady?.(editor);
          return () => {
            clearTimeout(timer);
            for (const c of cleanups) c();
          };
        }}
      />
    </div>
  );
}
