import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWING_REINIT_MS, DRAWING_RESET_MS, type ContentItem } from '@aula/domain/activity-content';
import { isTuvaDrawing } from '@aula/domain/answers';
import { MediaBlock } from '../media/media-block';
import { TuvaSignalsProvider, useTuvaSignals } from '../media/tuva-signals';
import { documentOf, drawingAssetsOf, sameDrawing, withAnnotation, type DrawingDocument } from './drawing-document';
import { LoadBoundary } from './load-boundary';
import type { QuestionKindProps } from './question-props';

const DrawingCanvas = lazy(() => import('./drawing-canvas'));

/**
 * The document the editor shows, and a key that remounts it. The editor owns the drawing while the student draws;
 * when the stored document changes under it (not the one the editor last reported: another device's save, a
 * restored draft, another student's work in review) the editor is reinitialised with it after 200 ms, or reset
 * (emptied) after 100 ms when the stored document is gone (000 section 9). A fresh editor each time, so undo cannot
 * bring back a document that was replaced.
 */
export function useStoredDrawing(stored: unknown): {
  shown: unknown;
  key: number;
  /** the editor reports what it now holds, so that value coming back from the app is not an outside change */
  reported: (doc: unknown) => void;
} {
  const [state, setState] = useState({ shown: stored, key: 0 });
  const known = useRef<unknown>(stored);
  useEffect(() => {
    if (sameDrawing(stored, known.current)) return;
    const empty = stored === undefined || stored === null;
    const timer = setTimeout(
      () => {
        known.current = stored;
        setState((s) => ({ shown: stored, key: s.key + 1 }));
      },
      empty ? DRAWING_RESET_MS : DRAWING_REINIT_MS,
    );
    return () => clearTimeout(timer);
  }, [stored]);
  return {
    shown: state.shown,
    key: state.key,
    reported: (doc) => {
      known.current = doc;
    },
  };
}

const NO_MEDIA: ReadonlySet<number> = new Set();

/**
 * tldraw: a drawing answer; the canvas loads only when a drawing question is shown. The answer is the tldraw
 * document with its image assets (000 section 3). A drawing on a Tuva simulation shows the simulation (unless the
 * screen already does) and reports when it is ready: the drawing tool loaded and the simulation's state received.
 * In review the teacher's annotation is drawn over the student's drawing; teacher_review edits it.
 */
export function DrawingQuestion(
  props: QuestionKindProps & {
    annotation?: unknown;
    onAnnotate?: ((annotation: DrawingDocument) => void) | undefined;
  },
) {
  const signals = useTuvaSignals();
  if (signals) return <Drawing {...props} />;
  return (
    <TuvaSignalsProvider placed={NO_MEDIA}>
      <Drawing {...props} />
    </TuvaSignalsProvider>
  );
}

function Drawing({
  question,
  value,
  readOnly,
  onChange,
  context,
  review,
  invalid,
  describedBy,
  annotation,
  onAnnotate,
}: QuestionKindProps & {
  annotation?: unknown;
  onAnnotate?: ((annotation: DrawingDocument) => void) | undefined;
}) {
  const { t } = useTranslation();
  const signals = useTuvaSignals();
  const [mounted, setMounted] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const reviewing = context.mode === 'student_review' || context.mode === 'teacher_review';
  const layered = reviewing && !!review;
  const annotating = context.mode === 'teacher_review' && !!review && !!onAnnotate;
  const student = useStoredDrawing(value?.drawing);
  const notes = useStoredDrawing(layered ? annotation : undefined);
  const document = useMemo(
    () => (layered ? withAnnotation(student.shown, notes.shown) : documentOf(student.shown)),
    [layered, student.shown, notes.shown],
  );
  const annotationIds = useMemo(() => new Set(Object.keys(documentOf(notes.shown)?.store ?? {})), [notes.shown]);

  // Tuva: the simulations this drawing is about, those the screen does not show placed here
  const tuvaIds = useMemo(
    () =>
      isTuvaDrawing(question, context.media)
        ? question.media.filter((id) => context.media.get(id)?.type === 'tuva')
        : [],
    [question, context.media],
  );
  const ownTuva = tuvaIds.filter((id) => !signals?.placed.has(id));
  const tuvaReady = tuvaIds.length > 0 && mounted && tuvaIds.every((id) => signals?.seen.has(id));
  const onTuvaReady = context.mode === 'student_work' && tuvaIds.length > 0 ? context.onTuvaReady : undefined;
  useEffect(() => {
    onTuvaReady?.(question.id, tuvaReady);
  }, [onTuvaReady, question.id, tuvaReady]);
  useEffect(() => {
    if (!onTuvaReady) return;
    return () => onTuvaReady(question.id, false);
  }, [onTuvaReady, question.id]);

  return (
    <div>
      {ownTuva.map((id) => {
        const media = context.media.get(id)!;
        const item: ContentItem = {
          id: `question-${question.id}-media-${id}`,
          type: 'media-tuva',
          sizes: { large: 24 },
          content: { media_id: id },
        };
        return <MediaBlock key={id} item={item} media={media} span={24} context={context} />;
      })}
      {layered && (
        <p style={{ margin: '4px 0' }}>
          {t(annotating ? 'activity.review.annotation.teacher' : 'activity.review.annotation.student')}
        </p>
      )}
      <LoadBoundary fallback={<div role="alert">{t('activity.question.drawingFailed')}</div>}>
        <Suspense fallback={<div role="status">{t('activity.question.drawingLoading')}</div>}>
          <DrawingCanvas
            key={`${student.key}:${notes.key}`}
            document={document}
            readOnly={annotating ? false : readOnly}
            label={layered ? t('activity.review.annotation.label') : t('activity.question.drawing')}
            describedBy={describedBy}
            invalid={invalid}
            onChange={(doc) => {
              student.reported(doc);
              onChange({ drawing: doc, assets: drawingAssetsOf(doc) });
            }}
            annotation={
              layered
                ? {
                    ids: annotationIds,
                    onChange: annotating
                      ? (doc) => {
                          notes.reported(doc);
                          onAnnotate?.(doc);
                        }
                      : undefined,
                  }
                : undefined
            }
            onReady={() => setMounted(true)}
            onBlocked={() => setBlocked(true)}
          />
        </Suspense>
      </LoadBoundary>
      <div role="status" style={{ minHeight: blocked ? undefined : 0 }}>
        {blocked ? t('activity.work.imageBlocked') : null}
      </div>
    </div>
  );
}
