import type { CSSProperties } from 'react';
import type { LexicalNode } from '@aula/domain/activity-content';

/**
 * The -absolute slot nodes (question-dropdown-absolute, question-dnd-absolute) sit at their coordinates [x, y] over
 * the question text (an image, usually); the others flow with the text.
 */
export function slotPosition(node: LexicalNode): CSSProperties | undefined {
  if (!node.type.endsWith('-absolute')) return undefined;
  const c = node.coordinates;
  if (!Array.isArray(c) || typeof c[0] !== 'number' || typeof c[1] !== 'number') return undefined;
  return { position: 'absolute', left: c[0], top: c[1], zIndex: 1 };
}
