import { lexicalFromText, lexicalToPlainText } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Input, Skeleton } from 'antd';
import { Component, lazy, Suspense, useCallback, useRef, type ReactNode } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

// The Lexical editor loads on demand (it is the builder's heaviest part). When it cannot start, the user is told
// ('Lexical Init: something happened wrong', 000 section 8) and edits the text as plain text instead, so nothing
// typed is lost.

const RichTextEditor = lazy(() => import('./rich-text-editor'));

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

export function RichTextField(props: Omit<RichTextEditorProps, 'onInitError'>) {
  const t = useT();
  const { notification } = App.useApp();
  const told = useRef(false);
  const onInitError = useCallback(() => {
    if (told.current) return;
    told.current = true;
    notification.error({ message: t('dashboard.builder.text.initError') });
  }, [notification, t]);

  const fallback = (
    <Input.TextArea
      aria-label={props.label}
      defaultValue={lexicalToPlainText(props.value)}
      autoSize={{ minRows: 2 }}
      onChange={(e) => props.onChange(lexicalFromText(e.target.value))}
    />
  );
  return (
    <EditorBoundary fallback={fallback} onError={onInitError}>
      <Suspense fallback={<Skeleton.Input active block />}>
        <RichTextEditor {...props} onInitError={onInitError} />
      </Suspense>
    </EditorBoundary>
  );
}
