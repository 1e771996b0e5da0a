import {
  GRID_COLUMNS,
  MEDIA_TYPE_OF_ITEM,
  isQuestionItemType,
  lexicalFromText,
  walkContent,
  type ContentItem,
  type ContentItemType,
  type ContentRow,
  type Question,
  type QuestionOption,
  type QuestionType,
  type ScreenBody,
} from '@aula/domain/activity-content';

// The grid editor's edits of one screen body (rows of columns on the 24-column grid, 000 section 9). Pure: each
// returns a new body; ids for rows and items come from the caller so the functions stay deterministic.

export const DEFAULT_SPAN = GRID_COLUMNS;

export function clampSpan(span: number): number {
  return Math.min(GRID_COLUMNS, Math.max(1, Math.round(span)));
}

/** A new item of a type: text types start with an empty paragraph, question and media items point at ids. */
export function newItem(
  id: string,
  type: ContentItemType,
  refs: { questionId?: number; mediaId?: number; url?: string } = {},
): ContentItem {
  const content: ContentItem['content'] = {};
  if (type === 'heading') {
    content.text = lexicalFromText('');
    content.level = 2;
  } else if (type === 'text') content.text = lexicalFromText('');
  else if (type === 'block') content.children = [];
  else if (type === 'block-carousel') {
    content.children = [];
    content.tabs = [];
  }
  if (isQuestionItemType(type) && refs.questionId !== undefined) content.question_id = refs.questionId;
  if (MEDIA_TYPE_OF_ITEM[type] && refs.mediaId !== undefined) content.media_id = refs.mediaId;
  if (type === 'generic-iframe' && refs.url) content.url = refs.url;
  return { id, type, sizes: { large: DEFAULT_SPAN }, content };
}

/** A new question of a kind; choice kinds start with the option ids given (the first one correct). */
export function newQuestion(id: number, type: QuestionType, optionIds: readonly number[]): Question {
  const hasOptions = type !== 'essay' && type !== 'textarea' && type !== 'tldraw';
  const options: QuestionOption[] = hasOptions
    ? optionIds.map((optionId, i) => ({ id: optionId, option: '', is_correct: i === 0, slot: null }))
    : [];
  return { id, type, text: lexicalFromText('') as Question['text'], label: null, options, media: [], random_order: 0 };
}

function mapItems(items: readonly ContentItem[], fn: (item: ContentItem) => ContentItem | null): ContentItem[] {
  const out: ContentItem[] = [];
  for (const item of items) {
    const children = item.content.children;
    const withChildren = children ? { ...item, content: { ...item.content, children: mapItems(children, fn) } } : item;
    const next = fn(withChildren);
    if (next) out.push(next);
  }
  return out;
}

function mapAll(body: ScreenBody, fn: (item: ContentItem) => ContentItem | null): ScreenBody {
  const content = body.content
    .map((row) => ({ ...row, columns: mapItems(row.columns, fn) }))
    .filter((row) => row.columns.length > 0);
  return { ...body, content };
}

export function findItem(body: ScreenBody, itemId: string): ContentItem | undefined {
  for (const item of walkContent(body.content)) if (item.id === itemId) return item;
  return undefined;
}

/** The question and media ids an item (and its children) points at. */
function refsOf(item: ContentItem): { questions: number[]; media: number[] } {
  const questions: number[] = [];
  const media: number[] = [];
  for (const it of walkContent([{ id: 'x', columns: [item] }])) {
    if (it.content.question_id !== undefined) questions.push(it.content.question_id);
    if (it.content.media_id !== undefined) media.push(it.content.media_id);
  }
  return { questions, media };
}

/** Adds the questions and media an item brings to the body's lists (once each). */
function withRefs(body: ScreenBody, item: ContentItem, question?: Question): ScreenBody {
  const { media } = refsOf(item);
  const questions =
    question && !body.questions.some((q) => q.id === question.id) ? [...body.questions, question] : body.questions;
  return { ...body, questions, media: [...new Set([...body.media, ...media])] };
}

/** A new row at the end holding one item. */
export function addRow(body: ScreenBody, rowId: string, item: ContentItem, question?: Question): ScreenBody {
  return withRefs({ ...body, content: [...body.content, { id: rowId, columns: [item] }] }, item, question);
}

/** A new column (item) at the end of a row, or of a block's / carousel's children when `rowId` names an item. */
export function addColumn(body: ScreenBody, rowId: string, item: ContentItem, question?: Question): ScreenBody {
  const row = body.content.find((r) => r.id === rowId);
  if (row) {
    const content = body.content.map((r) => (r.id === rowId ? { ...r, columns: [...r.columns, item] } : r));
    return withRefs({ ...body, content }, item, question);
  }
  const parent = findItem(body, rowId);
  if (!parent || (parent.type !== 'block' && parent.type !== 'block-carousel')) return body;
  const next = mapAll(body, (it) => {
    if (it.id !== rowId) return it;
    const children = [...(it.content.children ?? []), item];
    const tabs = it.type === 'block-carousel' ? [...(it.content.tabs ?? []), String(children.length)] : it.content.tabs;
    return { ...it, content: { ...it.content, children, ...(tabs ? { tabs } : {}) } };
  });
  return withRefs(next, item, question);
}

export function resizeItem(body: ScreenBody, itemId: string, span: number): ScreenBody {
  return mapAll(body, (it) => (it.id === itemId ? { ...it, sizes: { large: clampSpan(span) } } : it));
}

export function updateItemContent(
  body: ScreenBody,
  itemId: string,
  patch: Partial<ContentItem['content']>,
): ScreenBody {
  const next = mapAll(body, (it) => (it.id === itemId ? { ...it, content: { ...it.content, ...patch } } : it));
  const item = findItem(next, itemId);
  return item ? withRefs(next, item) : next;
}

/** Removes an item (and its children) with the questions only it used; media ids nothing else uses leave too. */
export function removeItem(body: ScreenBody, itemId: string): ScreenBody {
  const target = findItem(body, itemId);
  if (!target) return body;
  const next = mapAll(body, (it) => (it.id === itemId ? null : it));
  const gone = refsOf(target);
  const stillUsed = { questions: new Set<number>(), media: new Set<number>() };
  for (const it of walkContent(next.content)) {
    if (it.content.question_id !== undefined) stillUsed.questions.add(it.content.question_id);
    if (it.content.media_id !== undefined) stillUsed.media.add(it.content.media_id);
  }
  return {
    ...next,
    questions: next.questions.filter((q) => !gone.questions.includes(q.id) || stillUsed.questions.has(q.id)),
    media: next.media.filter((m) => !gone.media.includes(m) || stillUsed.media.has(m)),
  };
}

export type MoveDirection = 'left' | 'right' | 'up' | 'down';

/**
 * Moves a top-level item: left and right within its row; up and down to the end of the row above or below (a
 * row left empty disappears). Items inside blocks move left and right among their siblings.
 */
export function moveItem(body: ScreenBody, itemId: string, direction: MoveDirection): ScreenBody {
  const rowIndex = body.content.findIndex((r) => r.columns.some((c) => c.id === itemId));
  if (rowIndex === -1) return moveChild(body, itemId, direction);
  const rows: ContentRow[] = body.content.map((r) => ({ ...r, columns: [...r.columns] }));
  const row = rows[rowIndex]!;
  const col = row.columns.findIndex((c) => c.id === itemId);
  const [item] = row.columns.splice(col, 1) as [ContentItem];
  if (direction === 'left' || direction === 'right') {
    const to = direction === 'left' ? col - 1 : col + 1;
    if (to < 0 || to > row.columns.length) return body;
    row.columns.splice(to, 0, item);
  } else {
    const target = rows[direction === 'up' ? rowIndex - 1 : rowIndex + 1];
    if (!target) return body;
    target.columns.push(item);
  }
  return { ...body, content: rows.filter((r) => r.columns.length > 0) };
}

function moveChild(body: ScreenBody, itemId: string, direction: MoveDirection): ScreenBody {
  if (direction === 'up' || direction === 'down') return body;
  return mapAll(body, (it) => {
    const children = it.content.children;
    const at = children?.findIndex((c) => c.id === itemId) ?? -1;
    if (!children || at === -1) return it;
    const to = direction === 'left' ? at - 1 : at + 1;
    if (to < 0 || to >= children.length) return it;
    const next = [...children];
    [next[at], next[to]] = [next[to]!, next[at]!];
    const tabs = it.content.tabs ? [...it.content.tabs] : undefined;
    if (tabs && tabs.length === children.length) [tabs[at], tabs[to]] = [tabs[to]!, tabs[at]!];
    return { ...it, content: { ...it.content, children: next, ...(tabs ? { tabs } : {}) } };
  });
}

export function updateQuestion(body: ScreenBody, question: Question): ScreenBody {
  return { ...body, questions: body.questions.map((q) => (q.id === question.id ? question : q)) };
}

/** Radio and drop-down slots take one correct option (per slot); checkbox and drag-and-drop any number. */
export function setOptionCorrect(question: Question, optionId: number, correct: boolean): Question {
  const target = question.options.find((o) => o.id === optionId);
  if (!target) return question;
  const single = question.type === 'radio' || question.type === 'drop-down-list';
  const options = question.options.map((o) => {
    if (o.id === optionId) return { ...o, is_correct: correct };
    if (single && correct && (o.slot ?? null) === (target.slot ?? null)) return { ...o, is_correct: false };
    return o;
  });
  return { ...question, options };
}

export function emptyBody(): ScreenBody {
  return { content: [], questions: [], media: [], sensors: [] };
}
