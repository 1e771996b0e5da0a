import {
  DecoratorNode,
  ElementNode,
  type LexicalNode,
  type NodeKey,
  type SerializedElementNode,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import type { SLOT_NODE_TYPES } from '@aula/domain/activity-content';
import { MediaChip, SlotChip } from './text-chips';

// The editor node types of 000 section 3 as Lexical nodes: image (a media item inside text), the question slots
// question-dropdown, question-dnd and their -absolute forms (a drop-down or drag-and-drop slot named by `slot`;
// options name their slot), and the custom container. They serialise as { type, version, media_id | slot }, which
// the renderer (packages/activity) reads without the Lexical runtime.

/** The playground's image shape (src, altText) that the renderer draws, plus the media item it came from. */
export type SerializedImageNode = Spread<{ media_id: number; src: string; altText: string }, SerializedLexicalNode>;

export class ImageNode extends DecoratorNode<JSX.Element> {
  __mediaId: number;
  __src: string;
  __altText: string;

  static override getType(): string {
    return 'image';
  }
  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__mediaId, node.__src, node.__altText, node.__key);
  }
  static override importJSON(json: SerializedImageNode): ImageNode {
    return new ImageNode(json.media_id, json.src, json.altText);
  }
  constructor(mediaId: number, src: string, altText: string, key?: NodeKey) {
    super(key);
    this.__mediaId = mediaId;
    this.__src = src;
    this.__altText = altText;
  }
  override exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      type: 'image',
      version: 1,
      media_id: this.__mediaId,
      src: this.__src,
      altText: this.__altText,
    };
  }
  override createDOM(): HTMLElement {
    return document.createElement('span');
  }
  override updateDOM(): false {
    return false;
  }
  override isInline(): boolean {
    return true;
  }
  override decorate(): JSX.Element {
    return <MediaChip altText={this.__altText} />;
  }
}

export function $createImageNode(mediaId: number, src: string, altText: string): ImageNode {
  return new ImageNode(mediaId, src, altText);
}

export type SlotNodeType = (typeof SLOT_NODE_TYPES)[number];
export type SerializedSlotNode = Spread<{ slot: string }, SerializedLexicalNode>;

abstract class SlotNode extends DecoratorNode<JSX.Element> {
  __slot: string;
  constructor(slot: string, key?: NodeKey) {
    super(key);
    this.__slot = slot;
  }
  override exportJSON(): SerializedSlotNode {
    return { ...super.exportJSON(), type: this.getType(), version: 1, slot: this.__slot };
  }
  override createDOM(): HTMLElement {
    return document.createElement('span');
  }
  override updateDOM(): false {
    return false;
  }
  override isInline(): boolean {
    return true;
  }
  override decorate(): JSX.Element {
    return <SlotChip slot={this.__slot} kind={this.getType()} />;
  }
}

/** One Lexical node class per slot kind (Lexical tells nodes apart by class and type). */
function slotNodeClass(type: SlotNodeType) {
  return class extends SlotNode {
    static override getType(): string {
      return type;
    }
    static override clone(node: SlotNode): SlotNode {
      return new this(node.__slot, node.__key);
    }
    static override importJSON(json: SerializedSlotNode): SlotNode {
      return new this(json.slot);
    }
  };
}

const SLOT_NODES = {
  'question-dropdown': slotNodeClass('question-dropdown'),
  'question-dnd': slotNodeClass('question-dnd'),
  'question-dropdown-absolute': slotNodeClass('question-dropdown-absolute'),
  'question-dnd-absolute': slotNodeClass('question-dnd-absolute'),
} as const satisfies Record<SlotNodeType, unknown>;

export function $createSlotNode(kind: SlotNodeType, slot: string): LexicalNode {
  return new SLOT_NODES[kind](slot);
}

/** The custom container: a block that groups paragraphs (kept so saved states that hold one load and save). */
export class ContainerNode extends ElementNode {
  static override getType(): string {
    return 'container';
  }
  static override clone(node: ContainerNode): ContainerNode {
    return new ContainerNode(node.__key);
  }
  static override importJSON(): ContainerNode {
    return new ContainerNode();
  }
  override exportJSON(): SerializedElementNode {
    return { ...super.exportJSON(), type: 'container', version: 1 };
  }
  override createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.style.borderInlineStart = '3px solid #d9d9d9';
    div.style.paddingInlineStart = '8px';
    return div;
  }
  override updateDOM(): false {
    return false;
  }
}

export const EDITOR_NODES = [ImageNode, ...Object.values(SLOT_NODES), ContainerNode] as const;
