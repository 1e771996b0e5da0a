import { useEffect, useRef } from 'react';
import { getSnapshot, Tldraw, type Editor, type TLEditorSnapshot } from 'tldraw';
import 'tldraw/tldraw.css';
import { getAssetUrlsByImport } from '@tldraw/assets/imports.vite';

// Loaded on demand (React.lazy in drawing-question.tsx): tldraw is the heaviest part of the renderer. Its fonts,
// icons and translations are bundled with the app rather than fetched from tldraw's CDN: students' browsers talk
// to our hosts only, and the drawing tool works on closed school networks.
const assetUrls = getAssetUrlsByImport();

export interface DrawingCanvasProps {
  snapshot: unknown;
  readOnly: boolean;
  label: string;
  onChange: (snapshot: unknown) => void;
}

export default function DrawingCanvas({ snapshot, readOnly, label, onChange }: DrawingCanvasProps) {
  const onChangeRef = useRef(onChange);
  const editorRef = useRef<Editor | null>(null);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    editorRef.current?.updateInstanceState({ isReadonly: readOnly });
  }, [readOnly]);

  return (
    <div role="group" aria-label={label} style={{ position: 'relative', height: 420 }}>
      <Tldraw
        assetUrls={assetUrls}
        snapshot={(snapshot ?? undefined) as TLEditorSnapshot | undefined}
        onMount={(editor) => {
          editorRef.current = editor;
          editor.updateInstanceState({ isReadonly: readOnly });
          let timer: ReturnType<typeof setTimeout> | undefined;
          // report the drawing after the pen stops, not on every pointer move
          const stop = editor.store.listen(
            () => {
              clearTimeout(timer);
              timer = setTimeout(() => onChangeRef.current(getSnapshot(editor.store)), 300);
            },
            { scope: 'document', source: 'user' },
          );
          return () => {
            clearTimeout(timer);
            stop();
          };
        }}
      />
    </div>
  );
}
