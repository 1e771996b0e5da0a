import {
  lexicalFromText,
  type ContentItem,
  type LexicalNode,
  type LexicalState,
  type MediaItem,
  type Question,
  type QuestionOption,
} from '@aula/domain/activity-content';
import type { RenderContext, ViewMode } from '../src/types';

export const text = lexicalFromText;

/** A Lexical state of one paragraph made of the given nodes. */
export function paragraph(...children: LexicalNode[]): LexicalState {
  return { root: { type: 'root', children: [{ type: 'paragraph', children }] } };
}

export function item(
  type: string,
  large: number,
  content: ContentItem['content'] = {},
  id = `${type}-${large}`,
): ContentItem {
  return { id, type, sizes: { large }, content };
}

export function option(id: number, label: string, isCorrect = false, slot?: string): QuestionOption {
  return { id, option: label, is_correct: isCorrect, slot: slot ?? null };
}

export function question(id: number, type: Question['type'], extra: Partial<Question> = {}): Question {
  return {
    id,
    type,
    text: { ...text(`Question ${id} text`) },
    label: `Question ${id}`,
    options: [],
    media: [],
    random_order: 0,
    ...extra,
  };
}

export function media(id: number, type: MediaItem['type'] = 'image'): MediaItem {
  return {
    id,
    title: `Media ${id}`,
    type,
    location: `https://example.org/${id}`,
    images: null,
    stored: [],
    sensors: [],
    access: true,
  };
}

export function context(mode: ViewMode, extra: Partial<RenderContext> = {}): RenderContext {
  return { mode, media: new Map(), questions: new Map(), ...extra };
}
