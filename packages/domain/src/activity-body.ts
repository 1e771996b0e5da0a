import {
  findPlaceholders,
  isQuestionItemType,
  MEDIA_TYPE_OF_ITEM,
  walkContent,
  type ContentItem,
  type ContentRow,
  type LexicalNode,
  type LexicalState,
  type ScreenBody,
} from './activity-content.ts';

// Rules over a whole screen body (001 sections 3 and 4): what it refers to, which references are broken, what keeps
// a version from being published, and how a copy gets fresh question, option and media ids. Pure; the API applies
// them on save, publish, duplicate, clone and import.

/** A broken or questionable part of a screen body; `key` is an i18n key under errors. */
export interface BodyProblem {
  field: 'content' | 'questions' | 'media' | 'sensors';
  key: string;
  params: Record<string, string | number>;
}

function textsOf(node: LexicalNode | undefined, out: string[]): string[] {
  if (!node) return out;
  if (typeof node.text === 'string') out.push(node.text);
  for (const child of node.children ?? []) textsOf(child, out);
  return out;
}

function placeholdersOf(state: LexicalState | null | undefined) {
  return state ? textsOf(state.root, []).flatMap((t) => findPlaceholders(t)) : [];
}

/** Every question and media id the body's content and questions point at, with where. */
export function bodyReferences(body: ScreenBody): { questions: Set<number>; media: Set<number> } {
  const questions = new Set<number>();
  const media = new Set<number>();
  const visitText = (state: LexicalState | null | undefined) => {
    for (const p of placeholdersOf(state)) (p.kind === 'media' ? media : questions).add(p.id);
  };
  for (const item of walkContent(body.content)) {
    if (item.content.question_id !== undefined) questions.add(item.content.question_id);
    if (item.content.media_id !== undefined) media.add(item.content.media_id);
    for (const e of item.content.questions_layout ?? []) questions.add(e.id);
    for (const e of item.content.media_layout ?? []) media.add(e.id);
    visitText(item.content.text);
  }
  for (const q of body.questions) {
    for (const m of q.media) media.add(m);
    visitText(q.text);
  }
  return { questions, media };
}

/**
 * References a saved body must satisfy: question and option ids unique, every question the content names is one of
 * the body's questions, every media id the content or a question names is in the body's media list, and question
 * items show questions of their own kind.
 */
export function findBodyReferenceProblems(body: ScreenBody): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const questionIds = new Set<number>();
  const optionIds = new Set<number>();
  for (const q of body.questions) {
    if (questionIds.has(q.id))
      problems.push({ field: 'questions', key: 'errors.activityContent.questionDuplicate', params: { id: q.id } });
    questionIds.add(q.id);
    for (const o of q.options) {
      if (optionIds.has(o.id))
        problems.push({ field: 'questions', key: 'errors.activityContent.optionDuplicate', params: { id: o.id } });
      optionIds.add(o.id);
    }
  }
  const refs = bodyReferences(body);
  for (const id of refs.questions)
    if (!questionIds.has(id))
      problems.push({ field: 'content', key: 'errors.activityContent.questionMissing', params: { id } });
  const mediaIds = new Set(body.media);
  for (const id of refs.media)
    if (!mediaIds.has(id))
      problems.push({ field: 'content', key: 'errors.activityContent.mediaNotOnScreen', params: { id } });
  const byId = new Map(body.questions.map((q) => [q.id, q]));
  for (const item of walkContent(body.content)) {
    if (!isQuestionItemType(item.type)) continue;
    const q = item.content.question_id === undefined ? undefined : byId.get(item.content.question_id);
    if (q && `question-${q.type}` !== item.type)
      problems.push({
        field: 'content',
        key: 'errors.activityContent.questionKindMismatch',
        params: { id: q.id, type: item.type },
      });
  }
  return problems;
}

const CHOICE_TYPES = new Set(['checkbox', 'radio', 'drop-down-list', 'drag-and-drop']);

/**
 * What keeps a screen from being published without force: a choice question with no options or no correct option,
 * a question or media item shown nowhere it should be, a media item that no longer exists (`existingMedia`).
 */
export function findPublishProblems(
  body: ScreenBody,
  existingMedia: ReadonlySet<number>,
  screen: number,
): BodyProblem[] {
  const problems: BodyProblem[] = findBodyReferenceProblems(body).map((p) => ({
    ...p,
    params: { ...p.params, screen },
  }));
  for (const q of body.questions) {
    if (CHOICE_TYPES.has(q.type) && !q.options.some((o) => o.is_correct))
      problems.push({
        field: 'questions',
        key: 'errors.activityContent.questionNoCorrectOption',
        params: { id: q.id, screen },
      });
  }
  for (const id of body.media)
    if (!existingMedia.has(id))
      problems.push({ field: 'media', key: 'errors.activityContent.mediaMissing', params: { id, screen } });
  for (const item of walkContent(body.content)) {
    if (MEDIA_TYPE_OF_ITEM[item.type as keyof typeof MEDIA_TYPE_OF_ITEM] && item.type !== 'generic-iframe') {
      if (item.content.media_id === undefined)
        problems.push({
          field: 'content',
          key: 'errors.activityContent.mediaItemEmpty',
          params: { item: item.id, screen },
        });
    }
    if (isQuestionItemType(item.type) && item.content.question_id === undefined)
      problems.push({
        field: 'content',
        key: 'errors.activityContent.questionItemEmpty',
        params: { item: item.id, screen },
      });
  }
  return problems;
}

export interface IdMaps {
  questions: ReadonlyMap<number, number>;
  options: ReadonlyMap<number, number>;
  media: ReadonlyMap<number, number>;
}

const PLACEHOLDER_IN_TEXT = /(?<!\d)\{(media|question):(\d{1,9})\}/g;

function remapText(text: string, maps: IdMaps): string {
  return text.replace(PLACEHOLDER_IN_TEXT, (whole, kind: string, id: string) => {
    const to = (kind === 'media' ? maps.media : maps.questions).get(Number(id));
    return to === undefined ? whole : `{${kind}:${to}}`;
  });
}

function remapLexicalNode(node: LexicalNode, maps: IdMaps): LexicalNode {
  const out: LexicalNode = { ...node };
  if (typeof node.text === 'string') out.text = remapText(node.text, maps);
  // Lexical question and media nodes carry their id as a property
  for (const [key, map] of [
    ['question_id', maps.questions],
    ['questionId', maps.questions],
    ['media_id', maps.media],
    ['mediaId', maps.media],
  ] as const) {
    const v = node[key];
    if (typeof v === 'number' && map.has(v)) out[key] = map.get(v);
  }
  if (node.children) out.children = node.children.map((c) => remapLexicalNode(c, maps));
  return out;
}

function remapLexical<T extends LexicalState>(state: T | null, maps: IdMaps): T | null {
  return state ? { ...state, root: remapLexicalNode(state.root, maps) } : null;
}

const mapId = (map: ReadonlyMap<number, number>, id: number) => map.get(id) ?? id;

function remapItem(item: ContentItem, maps: IdMaps): ContentItem {
  const c = item.content;
  const content: ContentItem['content'] = { ...c };
  if (c.text) content.text = remapLexical(c.text, maps) ?? undefined;
  if (c.question_id !== undefined) content.question_id = mapId(maps.questions, c.question_id);
  if (c.media_id !== undefined) content.media_id = mapId(maps.media, c.media_id);
  if (c.questions_layout)
    content.questions_layout = c.questions_layout.map((e) => ({ ...e, id: mapId(maps.questions, e.id) }));
  if (c.media_layout) content.media_layout = c.media_layout.map((e) => ({ ...e, id: mapId(maps.media, e.id) }));
  if (c.children) content.children = c.children.map((child) => remapItem(child, maps));
  return { ...item, content };
}

/**
 * The same body with question, option and media ids replaced (ids missing from a map stay): used when a screen is
 * duplicated, cloned or imported, so the copy shares no question or option with the original.
 */
export function remapScreenBody(body: ScreenBody, maps: IdMaps): ScreenBody {
  return {
    content: body.content.map((row: ContentRow) => ({ ...row, columns: row.columns.map((i) => remapItem(i, maps)) })),
    questions: body.questions.map((q) => ({
      ...q,
      id: mapId(maps.questions, q.id),
      text: remapLexical(q.text, maps),
      media: q.media.map((m) => mapId(maps.media, m)),
      options: q.options.map((o) => ({ ...o, id: mapId(maps.options, o.id) })),
    })),
    media: body.media.map((m) => mapId(maps.media, m)),
    sensors: [...body.sensors],
  };
}

/** How many fresh question and option ids a copy of these bodies needs. */
export function countIds(bodies: readonly ScreenBody[]): { questions: number; options: number } {
  let questions = 0;
  let options = 0;
  for (const b of bodies) {
    questions += b.questions.length;
    for (const q of b.questions) options += q.options.length;
  }
  return { questions, options };
}

/** Maps each body's question and option ids onto fresh ids taken in order from the given lists. */
export function freshIdMaps(
  bodies: readonly ScreenBody[],
  fresh: { questions: readonly number[]; options: readonly number[] },
  media: ReadonlyMap<number, number> = new Map(),
): IdMaps[] {
  let qi = 0;
  let oi = 0;
  return bodies.map((b) => {
    const questions = new Map<number, number>();
    const options = new Map<number, number>();
    for (const q of b.questions) {
      questions.set(q.id, fresh.questions[qi++]!);
      for (const o of q.options) options.set(o.id, fresh.options[oi++]!);
    }
    return { questions, options, media };
  });
}
