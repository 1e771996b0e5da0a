import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionKindProps } from './question-props';

const DrawingCanvas = lazy(() => import('./drawing-canvas'));

class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** tldraw: a drawing answer; the canvas loads only when a drawing question is shown. */
export function DrawingQuestion({ value, readOnly, onChange }: QuestionKindProps) {
  const { t } = useTranslation();
  return (
    <LoadBoundary fallback={<div role="alert">{t('activity.question.drawingFailed')}</div>}>
      <Suspense fallback={<div role="status">{t('activity.question.drawingLoading')}</div>}>
        <DrawingCanvas
          snapshot={value?.drawing}
          readOnly={readOnly}
          label={t('activity.question.drawing')}
          onChange={(drawing) => onChange({ drawing })}
        />
      </Suspense>
    </LoadBoundary>
  );
}
