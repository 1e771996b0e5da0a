import { LexicalView, type LexicalRenderers } from '@aula/activity/lexical-view.tsx';
import { lexicalFromText, lexicalToPlainText } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Flex, Input } from 'antd';
import { Component, useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import type * as EditorModule from './rich-text-editor';
import type { RichTextEditorProps } from './rich-text-editor';
import { MediaChip, SlotChip } from './text-chips';

// The Lexical editor loads on demand (it is the builder's heaviest part): the builder page starts loading it with
// its data calls (preloadRichTextEditor). A screen's first paint shows each text read-only, as the editor will show
// it (LexicalView, no Lexical runtime); the editors mount right after that paint, in a deferred render, or at once
// when the user presses on a text. Twelve editors (each parses its state, reconciles it into the page and brings a
// toolbar of buttons and selects) were most of a builder screen's first paint. When the editor cannot start, the
// user is told ('Lexical Init: something happened wrong', 000 section 8) and edits the text as plain text instead,
// so nothing typed is lost.

type Editor = typeof EditorModule;
let loaded: Editor | undefined;
let loading: Promise<Editor> | undefined;

/** Starts loading the editor, once: every text field of the page waits for that one load. */
export function preloadRichTextEditor(): Promise<Editor> {
  loading ??= import('./rich-text-editor').then((m) => (loaded = m));
  return loading;
}

function useEditorModule(): { editor: Editor | undefined; failed: boolean } {
  const [editor, setEditor] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (editor) return;
    let live = true;
    preloadRichTextEditor().then(
      (m) => live && setEditor(m),
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [editor]);
  return { editor, failed };
}

class EditorBoundary extends Component<{ fallback: ReactNode; onError: () => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const CHIPS: LexicalRenderers = {
  slot: (node) => <SlotChip slot={node.slot} kind={node.type} />,
  image: (node) => <MediaChip altText={typeof node.altText === 'string' ? node.altText : ''} />,
};

/**
 * The text as the editor shows it, in the editor's box, with the toolbar's line kept free so nothing moves when the
 * editor takes its place. Not a text box yet: pressing on it asks for the editor at once.
 */
function TextShown({ value, onWant }: Pick<RichTextEditorProps, 'value'> & { onWant: () => void }) {
  return (
    <Flex vertical gap={4} onPointerDown={onWant} data-text-shown="">
      <div style={{ minHeight: 24 }} />
      <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px' }}>
        <div style={{ minHeight: 40 }}>
          <LexicalView state={value} renderers={CHIPS} />
        </div>
      </div>
    </Flex>
  );
}

export function RichTextField(props: Omit<RichTextEditorProps, 'onInitError' | 'autoFocus'>) {
  const t = useT();
  const { notification } = App.useApp();
  const told = useRef(false);
  const onInitError = useCallback(() => {
    if (told.current) return;
    told.current = true;
    notification.error({ message: t('dashboard.builder.text.initError') });
  }, [notification, t]);
  const { editor, failed } = useEditorModule();
  // false in the first render, true in a deferred one right after its paint
  const afterFirstPaint = useDeferredValue(true, false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (failed) onInitError();
  }, [failed, onInitError]);

  const fallback = (
    <Input.TextArea
      aria-label={props.label}
      defaultValue={lexicalToPlainText(props.value)}
      autoSize={{ minRows: 2 }}
      onChange={(e) => props.onChange(lexicalFromText(e.target.value))}
    />
  );
  if (failed) return fallback;
  if (!editor || !(afterFirstPaint || wanted)) return <TextShown value={props.value} onWant={() => setWanted(true)} />;
  return (
    <EditorBoundary fallback={fallback} onError={onInitError}>
      <editor.default {...props} onInitError={onInitError} autoFocus={wanted} />
    </EditorBoundary>
  );
}
