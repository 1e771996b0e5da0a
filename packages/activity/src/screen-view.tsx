import { useLayoutEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRID_COLUMNS,
  MEDIA_TYPE_OF_ITEM,
  isQuestionItemType,
  type ContentItem,
  type ContentRow,
  type LayoutEntry,
  type MediaItem,
  type Question,
} from '@aula/domain/activity-content';
import { Carousel } from './carousel';
import { absoluteQuestionMaxWidth, spanForDevice, spanInScreen } from './grid-span';
import { LexicalView } from './lexical-view';
import { MediaBlock } from './media/media-block';
import { placedMediaOf, TuvaSignalsProvider } from './media/tuva-signals';
import { QuestionView } from './questions/question-view';
import type { Answers, OnAnswer, PreviewDevice, RenderContext } from './types';
import { UnsupportedItem } from './unsupported-item';
import { useDevice } from './use-device';

export interface ScreenData {
  content: ContentRow[];
  questions: Question[];
  media: MediaItem[];
}

interface ItemEnv {
  context: RenderContext;
  device: PreviewDevice;
  answers?: Answers | undefined;
  onAnswer?: OnAnswer | undefined;
}

const ITEM_TYPE_OF_MEDIA = Object.fromEntries(Object.entries(MEDIA_TYPE_OF_ITEM).map(([item, media]) => [media, item]));
/**
 * A row of items on the 24-column grid, as a CSS grid: 16 px between columns and between wrapped lines, each item
 * spanning its columns (the geometry of Ant Design's Row and Col with a [16, 16] gutter). Not Row and Col
 * themselves: the renderer computes every span itself (grid-span.ts), so their breakpoint machinery (each Row
 * subscribes to six media queries and renders again when it mounts; Col writes every span at every breakpoint into
 * the page's styles) was a third of a screen's first paint and did nothing here.
 *
 * The 23 gaps between 24 columns are 368 px whatever the columns hold, so a row narrower than that (a phone's screen
 * inside the page's padding) would be pushed wider than the page and scroll sideways. The column gap is therefore
 * at most 4% of the row (16 px from a 400 px row up, less below); on a phone every item spans the whole row anyway.
 */
const GRID_ROW: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
  columnGap: 'min(16px, 4%)',
  rowGap: 16,
};

/** A media item referred to outside a media block ({media:N} in text, a media layout entry). */
function mediaItemFor(media: MediaItem | undefined, id: number, span: number): ContentItem {
  return {
    id: `media-${id}`,
    type: (media && ITEM_TYPE_OF_MEDIA[media.type]) ?? 'media-image',
    sizes: { large: span },
    content: { media_id: id },
  };
}

function MissingQuestion({ id, env }: { id: number | undefined; env: ItemEnv }) {
  const { t } = useTranslation();
  // authors see the broken reference; students and teachers see nothing
  if (env.context.mode !== 'builder_preview') return null;
  return <div role="note">{t('activity.missingQuestion', { id: id ?? '?' })}</div>;
}

function QuestionBlock({ id, span, env }: { id: number | undefined; span: number; env: ItemEnv }) {
  const question = id === undefined ? undefined : env.context.questions.get(id);
  if (!question) return <MissingQuestion id={id} env={env} />;
  return (
    <QuestionView
      question={question}
      context={env.context}
      answers={env.answers}
      onAnswer={env.onAnswer}
      placeholder={(kind, mediaId, literal) => {
        const media = kind === 'media' ? env.context.media.get(mediaId) : undefined;
        // a question text may show media; a question inside a question is not a thing, so it stays unresolved
        if (!media) return env.context.mode === 'builder_preview' ? literal : null;
        return (
          <div data-placeholder={`media:${mediaId}`}>
            <MediaBlock item={mediaItemFor(media, mediaId, span)} media={media} span={span} context={env.context} />
          </div>
        );
      }}
    />
  );
}

/**
 * A text item: Lexical text whose {media:N} and {question:N} placeholders become the media block or question. Layout
 * entries (questions_layout, media_layout) with position 'absolute' place their block at its coordinates over the
 * text instead, at most 440 px wide (400 px below md, moved left on a phone to end inside the text); 'flow' keeps
 * it where its placeholder is.
 */
function TextItem({ item, span, env }: { item: ContentItem; span: number; env: ItemEnv }) {
  const absolute = (entries: LayoutEntry[] | undefined) => (entries ?? []).filter((e) => e.position === 'absolute');
  const absQuestions = absolute(item.content.questions_layout);
  const absMedia = absolute(item.content.media_layout);
  const isAbsolute = (kind: 'media' | 'question', id: number) =>
    (kind === 'media' ? absMedia : absQuestions).some((e) => e.id === id);
  const phone = env.device === 'phone';
  const maxWidth = absoluteQuestionMaxWidth(phone);
  const box = (e: LayoutEntry): CSSProperties => ({
    position: 'absolute',
    // on a phone the block moves left as far as it must to end inside the text (the page never scrolls sideways)
    left: phone ? `min(${e.coordinates[0]}px, max(0px, 100% - ${maxWidth}px))` : e.coordinates[0],
    top: e.coordinates[1],
    width: '100%',
    maxWidth,
    zIndex: 1,
  });
  const block = (kind: 'media' | 'question', id: number): ReactNode =>
    kind === 'question' ? (
      <QuestionBlock id={id} span={span} env={env} />
    ) : (
      <MediaBlock
        item={mediaItemFor(env.context.media.get(id), id, span)}
        media={env.context.media.get(id)}
        span={span}
        context={env.context}
      />
    );

  return (
    <div style={{ position: 'relative' }} data-item-type="text">
      <LexicalView
        state={item.content.text}
        renderers={{
          placeholder: (kind, id, literal) => {
            const known = kind === 'media' ? env.context.media.has(id) : env.context.questions.has(id);
            // an unknown id stays visible to the author as written, and is left out for everyone else
            if (!known) return env.context.mode === 'builder_preview' ? literal : null;
            if (isAbsolute(kind, id)) return null;
            return <div data-placeholder={`${kind}:${id}`}>{block(kind, id)}</div>;
          },
        }}
      />
      {absQuestions.map((e) => (
        <div key={`q${e.id}`} style={box(e)} data-layout="absolute">
          {block('question', e.id)}
        </div>
      ))}
      {absMedia.map((e) => (
        <div key={`m${e.id}`} style={box(e)} data-layout="absolute">
          {block('media', e.id)}
        </div>
      ))}
    </div>
  );
}

function ItemRow({ items, containerSpan, env }: { items: ContentItem[]; containerSpan: number; env: ItemEnv }) {
  return (
    <div style={GRID_ROW}>
      {items.map((item) => {
        const span = spanForDevice(item.sizes.large, env.device);
        return (
          <div key={item.id} style={{ gridColumn: `span ${span}`, minWidth: 0 }} data-span={span}>
            <ItemView item={item} span={spanInScreen(containerSpan, span)} env={env} />
          </div>
        );
      })}
    </div>
  );
}

/** One content item of 000 section 2; `span` is its width in screen columns. */
function ItemView({ item, span, env }: { item: ContentItem; span: number; env: ItemEnv }) {
  const { content } = item;
  if (item.type === 'heading') {
    const level = content.level ?? 2;
    const Tag = `h${level}` as 'h2';
    return (
      <Tag>
        <LexicalView state={content.text} inline />
      </Tag>
    );
  }
  if (item.type === 'text') return <TextItem item={item} span={span} env={env} />;
  if (isQuestionItemType(item.type)) return <QuestionBlock id={content.question_id} span={span} env={env} />;
  if (item.type in MEDIA_TYPE_OF_ITEM) {
    const media = content.media_id === undefined ? undefined : env.context.media.get(content.media_id);
    return <MediaBlock item={item} media={media} span={span} context={env.context} />;
  }
  if (item.type === 'block') return <ItemRow items={content.children ?? []} containerSpan={span} env={env} />;
  if (item.type === 'block-carousel') {
    return (
      <Carousel
        titles={content.tabs}
        slides={(content.children ?? []).map((child) => (
          <ItemView key={child.id} item={child} span={span} env={env} />
        ))}
      />
    );
  }
  return <UnsupportedItem type={item.type} />;
}

const NO_MEDIA: ReadonlySet<number> = new Set();

/** The performance mark set once a mounted screen's content has been painted (bench/activity). */
export const SCREEN_PAINTED_MARK = 'aula:screen-painted';
/** The performance measure from a screen's first render (its data in hand) to that paint: the renderer's own time. */
export const SCREEN_RENDER_MEASURE = 'aula:screen-render';

/**
 * Calls back once the next frame has been painted: a message posted from the frame's animation callbacks runs as a
 * new task, after that frame's style, layout and paint. Returns a cancel function.
 */
function afterNextPaint(callback: () => void): () => void {
  let live = true;
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (live) callback();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    live = false;
    cancelAnimationFrame(frame);
  };
}

const canTimePaint = () =>
  typeof requestAnimationFrame === 'function' &&
  typeof MessageChannel === 'function' &&
  typeof performance?.mark === 'function' &&
  typeof performance.measure === 'function';

/**
 * Per mounted screen: one user-timing mark once its first render has been painted, and one measure from the start
 * of that render to the paint. Costs a frame callback and a message per screen; bench/activity reads them.
 */
function useScreenPaintTiming() {
  const [renderStart] = useState(() => (typeof performance?.now === 'function' ? performance.now() : 0));
  useLayoutEffect(() => {
    if (!canTimePaint()) return;
    return afterNextPaint(() => {
      const painted = performance.mark(SCREEN_PAINTED_MARK);
      performance.measure(SCREEN_RENDER_MEASURE, { start: renderStart, end: painted.startTime });
    });
    // once per mounted screen: a re-render of the same screen is not a new first paint
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * One screen in any view mode: its rows of items on the 24-column grid. It fetches nothing: the screen's questions
 * and media come in with it, and answers go out through onAnswer (without it every question is read-only).
 */
export function ScreenView({
  screen,
  context,
  answers,
  onAnswer,
}: {
  screen: ScreenData;
  context: RenderContext;
  answers?: Answers | undefined;
  onAnswer?: OnAnswer | undefined;
}) {
  const device = useDevice(context);
  useScreenPaintTiming();
  const ctx = useMemo<RenderContext>(
    () => ({
      ...context,
      media: new Map([...context.media, ...screen.media.map((m) => [m.id, m] as const)]),
      questions: new Map([...context.questions, ...screen.questions.map((q) => [q.id, q] as const)]),
    }),
    [context, screen.media, screen.questions],
  );
  // only drawing questions on media ask which media the screen shows (a Tuva simulation they draw on)
  const placed = useMemo(
    () =>
      screen.questions.some((q) => q.type === 'tldraw' && q.media.length > 0)
        ? placedMediaOf(screen.content, screen.questions)
        : NO_MEDIA,
    [screen.content, screen.questions],
  );
  const env: ItemEnv = { context: ctx, device, answers, onAnswer };
  return (
    <TuvaSignalsProvider placed={placed}>
      {/* a word or address longer than the screen is wide breaks rather than push the page sideways (a phone) */}
      <div
        data-device={device}
        data-mode={context.mode}
        style={{ display: 'flex', flexDirection: 'column', gap: 16, overflowWrap: 'anywhere' }}
      >
        {screen.content.map((row) => (
          <ItemRow key={row.id} items={row.columns} containerSpan={24} env={env} />
        ))}
      </div>
    </TuvaSignalsProvider>
  );
}
