import { z } from 'zod';

// The shape of an activity's screens, written once for the API (validation on save and import), the builder and
// the renderer (000 sections 2, 3 and 9; 001 section 3).

/** The 15 activity kinds (000 section 1). */
export const ACTIVITY_KINDS = [
  'achieving',
  'assessment',
  'course-assessment',
  'developing',
  'emerging',
  'exceeding',
  'hands-on',
  'hands-on-supporting',
  'high-stakes-assessment',
  'video-review',
  'mini-assessment',
  'ngss',
  'review',
  'secure-assessment',
  'supporting',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const activityKindSchema = z.enum(ACTIVITY_KINDS, { error: 'validation.select' });

/** Question kinds (000 section 3). */
export const QUESTION_TYPES = [
  'checkbox',
  'radio',
  'essay',
  'textarea',
  'drag-and-drop',
  'drop-down-list',
  'tldraw',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * Content item types a screen's grid may hold: the 18 of 000 section 2, plus `block` (a container whose children
 * are items, 001 section 3), `media-video` (hosted video: HLS, DASH, MP4) and `media-pdf`, which 001 lists as media
 * kinds without naming their item type. The renderer shows 'we do not support: {type}' for anything else.
 */
export const CONTENT_ITEM_TYPES = [
  'heading',
  'text',
  'media-image',
  'question-textarea',
  'question-essay',
  'question-checkbox',
  'question-radio',
  'question-drop-down-list',
  'question-drag-and-drop',
  'question-tldraw',
  'media-codap',
  'media-tuva',
  'media-phet',
  'media-vernier',
  'generic-iframe',
  'media-video-yt',
  'media-video-vimeo',
  'block-carousel',
  'block',
  'media-video',
  'media-pdf',
] as const;
export type ContentItemType = (typeof CONTENT_ITEM_TYPES)[number];

export function isQuestionItemType(type: string): type is `question-${QuestionType}` {
  return type.startsWith('question-') && (QUESTION_TYPES as readonly string[]).includes(type.slice(9));
}

/** Media kinds (000 section 3: vernier, tuva, phet, video-yt, a vimeo type, other). */
export const MEDIA_TYPES = [
  'image',
  'video',
  'video-yt',
  'video-vimeo',
  'phet',
  'tuva',
  'codap',
  'vernier',
  'iframe',
  'pdf',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const STORED_SOURCE_TYPES = ['hls', 'dash', 'mp4', 'poster'] as const;

/** The media kind each media item type shows. */
export const MEDIA_TYPE_OF_ITEM: Partial<Record<ContentItemType, MediaType>> = {
  'media-image': 'image',
  'media-video': 'video',
  'media-video-yt': 'video-yt',
  'media-video-vimeo': 'video-vimeo',
  'media-phet': 'phet',
  'media-tuva': 'tuva',
  'media-codap': 'codap',
  'media-vernier': 'vernier',
  'generic-iframe': 'iframe',
  'media-pdf': 'pdf',
};

// 000 section 9.
export const GRID_COLUMNS = 24;
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600, ultra: 1920 } as const;
export const SLIDE_ANIMATION_MS = 500;
export const TEXT_ANSWER_MIN_CHARS = 5;
export const TEXT_ANSWER_ROWS = 5;
export const TUVA_POLL_MS = 1000;
export const TUVA_FOLLOW_UP_MS = 400;
export const DRAWING_REINIT_MS = 200;
export const DRAWING_RESET_MS = 100;
/** 000 section 2: absolute-positioned question blocks, and their width on screens below md. */
export const ABSOLUTE_QUESTION_MAX_WIDTH = 440;
export const ABSOLUTE_QUESTION_MAX_WIDTH_SMALL = 400;
export const SIMULATION_MIN_HEIGHT = 600;
export const PDF_THUMBNAIL_WIDTH = 100;
export const VIDEO_START_HEIGHT = 720;
export const VIDEO_LOW_BANDWIDTH = 5_000_000;
export const VIDEO_DEFAULT_VOLUME = 0.1;
export const VIDEO_CONTROLS = [
  'play-large',
  'play',
  'progress',
  'current-time',
  'mute',
  'volume',
  'captions',
  'settings',
  'airplay',
  'fullscreen',
] as const;

export type ImageSize = 'small' | 'medium' | 'large';
/** 000 section 9: large at a span of 18 or more, medium at 12 or more, else small. */
export function imageSizeForSpan(span: number): ImageSize {
  if (span >= 18) return 'large';
  if (span >= 12) return 'medium';
  return 'small';
}

/** {media:N} and {question:N}, N of 1 to 9 digits (000 section 5). */
export const PLACEHOLDER_PATTERN = /\{(media|question):(\d{1,9})\}/g;
export interface Placeholder {
  kind: 'media' | 'question';
  id: number;
  start: number;
  end: number;
}
/** Every placeholder in a text, in order. `{media:1234567890}` (10 digits) is not one. */
export function findPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const m of text.matchAll(new RegExp(`(?<!\\d)${PLACEHOLDER_PATTERN.source}`, 'g'))) {
    found.push({
      kind: m[1] as 'media' | 'question',
      id: Number(m[2]),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return found;
}

/** Rich text: a Lexical editor state ({ root: { children, ... } }), stored as the editor serialises it. */
export interface LexicalNode {
  type: string;
  children?: LexicalNode[];
  text?: string;
  [key: string]: unknown;
}
export interface LexicalState {
  root: LexicalNode;
}
const lexicalNodeSchema: z.ZodType<LexicalNode> = z.lazy(() =>
  z.looseObject({ type: z.string(), children: z.array(lexicalNodeSchema).optional(), text: z.string().optional() }),
);
export const lexicalStateSchema = z.looseObject({ root: lexicalNodeSchema });

/** Lexical node types that stand for a drop-down or drag-and-drop slot in a question's text (000 section 3). */
export const SLOT_NODE_TYPES = [
  'question-dropdown',
  'question-dropdown-absolute',
  'question-dnd',
  'question-dnd-absolute',
] as const;

export function isSlotNode(node: LexicalNode): node is LexicalNode & { slot: string } {
  return (SLOT_NODE_TYPES as readonly string[]).includes(node.type) && typeof node.slot === 'string';
}

/** The slot ids of a question text in text order (depth first). */
export function findSlots(text: LexicalState | null | undefined): string[] {
  const slots: string[] = [];
  const visit = (node: LexicalNode) => {
    if (isSlotNode(node)) slots.push(node.slot);
    for (const child of node.children ?? []) visit(child);
  };
  if (text) visit(text.root);
  return slots;
}

/** A plain-text Lexical state (used by factories, imports of plain text and tests). */
export function lexicalFromText(text: string): LexicalState {
  return {
    root: {
      type: 'root',
      version: 1,
      children: text.split('\n').map((line) => ({
        type: 'paragraph',
        version: 1,
        children: line ? [{ type: 'text', version: 1, text: line, format: 0 }] : [],
      })),
    },
  };
}

/** The text of a Lexical state, paragraphs joined by new lines (search, exports, screen readers). */
export function lexicalToPlainText(state: LexicalState | null | undefined): string {
  if (!state) return '';
  const walk = (node: LexicalNode): string => {
    if (typeof node.text === 'string') return node.text;
    const inner = (node.children ?? []).map(walk).join('');
    return node.type === 'paragraph' || node.type === 'heading' ? `${inner}\n` : inner;
  };
  return walk(state.root).replace(/\n$/, '');
}

/** 000 section 3: where a question or media item sits inside a text block. */
export const layoutEntrySchema = z.object({
  id: z.number().int().positive(),
  position: z.enum(['absolute', 'flow']),
  coordinates: z.tuple([z.number(), z.number()]),
});
export type LayoutEntry = z.infer<typeof layoutEntrySchema>;

const idSchema = z.number().int().positive().max(999_999_999);

export interface ContentItem {
  /** stable within the screen (the builder makes them) */
  id: string;
  type: string;
  sizes: { large: number };
  content: {
    text?: LexicalState | undefined;
    /** the media item (media-*, generic-iframe) or question (question-*) this item shows */
    media_id?: number | undefined;
    question_id?: number | undefined;
    questions_layout?: LayoutEntry[] | undefined;
    media_layout?: LayoutEntry[] | undefined;
    /** block: items; block-carousel: one child per slide (tab) */
    children?: ContentItem[] | undefined;
    /** block-carousel tab titles, one per child */
    tabs?: string[] | undefined;
    /** generic-iframe */
    url?: string | undefined;
    height?: number | undefined;
    level?: 1 | 2 | 3 | 4 | undefined;
  };
}
export interface ContentRow {
  id: string;
  columns: ContentItem[];
}

export const contentItemSchema: z.ZodType<ContentItem> = z.lazy(() =>
  z.object({
    id: z.string().min(1).max(64),
    type: z.enum(CONTENT_ITEM_TYPES),
    sizes: z.object({ large: z.number().int().min(1).max(GRID_COLUMNS) }),
    content: z.object({
      text: lexicalStateSchema.optional(),
      media_id: idSchema.optional(),
      question_id: idSchema.optional(),
      questions_layout: z.array(layoutEntrySchema).optional(),
      media_layout: z.array(layoutEntrySchema).optional(),
      children: z.array(contentItemSchema).max(50).optional(),
      tabs: z.array(z.string().max(200)).max(50).optional(),
      url: z.string().max(2000).optional(),
      height: z.number().int().min(100).max(4000).optional(),
      level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
    }),
  }),
);
export const contentRowSchema = z.object({
  id: z.string().min(1).max(64),
  columns: z.array(contentItemSchema).min(1).max(GRID_COLUMNS),
});
export const screenContentSchema = z.array(contentRowSchema).max(200);

/** 000 section 3: Option (id, option, is_correct). `slot` ties an option to a drop-down or drag-and-drop slot. */
export const optionSchema = z.object({
  id: idSchema,
  option: z.string().max(2000),
  is_correct: z.boolean(),
  slot: z.string().max(64).nullable().optional(),
});
export type QuestionOption = z.infer<typeof optionSchema>;

/**
 * 000 section 3: Question. Drop-down and drag-and-drop questions place their slots in `text` as Lexical nodes of
 * type question-dropdown / question-dnd (or their -absolute forms) carrying a `slot` id; options name their slot.
 */
export const questionSchema = z.object({
  id: idSchema,
  type: z.enum(QUESTION_TYPES),
  text: lexicalStateSchema.nullable(),
  label: z.string().max(500).nullable(),
  options: z.array(optionSchema).max(100),
  media: z.array(idSchema).max(20),
  /** 1 shuffles the options; not applicable to essay */
  random_order: z.union([z.literal(0), z.literal(1)]),
});
export type Question = z.infer<typeof questionSchema>;

/** Media item as screens and the renderer see it (000 section 3). */
export const mediaItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  type: z.enum(MEDIA_TYPES),
  location: z.string().nullable(),
  images: z.object({ small: z.string(), medium: z.string(), large: z.string() }).nullable(),
  stored: z.array(z.object({ type: z.enum(STORED_SOURCE_TYPES), src: z.string() })),
  /** vernier: the sensors the lab needs */
  sensors: z.array(z.object({ id: idSchema, name: z.string() })),
  /** false when the viewer may not see it (000 section 8: the access message) */
  access: z.boolean(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** A screen's editable body (PUT screen: content, questions, media, sensors ids; 001 section 7). */
export const screenBodySchema = z.object({
  content: screenContentSchema,
  questions: z.array(questionSchema).max(100),
  media: z.array(idSchema).max(200),
  sensors: z.array(idSchema).max(20),
});
export type ScreenBody = z.infer<typeof screenBodySchema>;

/** Every item of a screen's content, depth first (blocks and carousel slides included). */
export function* walkContent(rows: readonly ContentRow[]): Generator<ContentItem> {
  const visit = function* (item: ContentItem): Generator<ContentItem> {
    yield item;
    for (const child of item.content.children ?? []) yield* visit(child);
  };
  for (const row of rows) for (const item of row.columns) yield* visit(item);
}
