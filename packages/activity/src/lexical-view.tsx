import type { CSSProperties, ReactNode } from 'react';
import { findPlaceholders, type LexicalNode, type LexicalState } from '@aula/domain/activity-content';
import { isSlotNode } from '@aula/domain/activity-content';

// Screen text is Lexical editor state. The renderer walks the serialised JSON itself: the Lexical runtime stays in
// the builder, and students download none of it.

export interface LexicalRenderers {
  /** a {media:N} or {question:N} placeholder; null leaves it out */
  placeholder?: ((kind: 'media' | 'question', id: number, literal: string) => ReactNode) | undefined;
  /** a drop-down or drag-and-drop slot node of a question text */
  slot?: ((node: LexicalNode & { slot: string }) => ReactNode) | undefined;
  /** an image node; without it the image itself */
  image?: ((node: LexicalNode) => ReactNode) | undefined;
}

// Lexical's text format bits
const FORMATS: [number, (children: ReactNode, key: string) => ReactNode][] = [
  [16, (c, k) => <code key={k}>{c}</code>],
  [32, (c, k) => <sub key={k}>{c}</sub>],
  [64, (c, k) => <sup key={k}>{c}</sup>],
  [128, (c, k) => <mark key={k}>{c}</mark>],
  [4, (c, k) => <s key={k}>{c}</s>],
  [8, (c, k) => <u key={k}>{c}</u>],
  [2, (c, k) => <em key={k}>{c}</em>],
  [1, (c, k) => <strong key={k}>{c}</strong>],
];

const SAFE_URL = /^(https?:|mailto:|tel:|\/|#|\.)/i;
const SAFE_IMAGE = /^(https?:|\/|data:image\/(png|jpe?g|gif|webp);)/i;

/** Lexical keeps inline CSS as a string ("color: #f00; font-size: 15px"); React wants an object. */
function parseStyle(style: unknown): CSSProperties | undefined {
  if (typeof style !== 'string' || !style.trim()) return undefined;
  const out: Record<string, string> = {};
  for (const part of style.split(';')) {
    const i = part.indexOf(':');
    if (i < 1) continue;
    const prop = part.slice(0, i).trim().toLowerCase();
    const value = part.slice(i + 1).trim();
    if (!/^[a-z-]+$/.test(prop) || /url\s*\(|expression/i.test(value)) continue;
    out[prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

function blockStyle(node: LexicalNode): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (typeof node.format === 'string' && ['left', 'center', 'right', 'justify'].includes(node.format)) {
    style.textAlign = node.format as CSSProperties['textAlign'];
  }
  // 40 px a level, but at most half the width: deep indents on a phone must not push the text out of the page
  if (typeof node.indent === 'number' && node.indent > 0) style.paddingInlineStart = `min(${node.indent * 40}px, 50%)`;
  return Object.keys(style).length ? style : undefined;
}

/** Does a block hold a placeholder the renderers will turn into a block element? (then it cannot be a <p>) */
function holdsPlaceholder(node: LexicalNode, r: LexicalRenderers): boolean {
  if (!r.placeholder) return false;
  if (typeof node.text === 'string') return findPlaceholders(node.text).length > 0;
  return (node.children ?? []).some((c) => holdsPlaceholder(c, r));
}

function renderText(node: LexicalNode, key: string, r: LexicalRenderers): ReactNode {
  const text = node.text ?? '';
  let parts: ReactNode[] = [text];
  const found = r.placeholder ? findPlaceholders(text) : [];
  if (found.length && r.placeholder) {
    parts = [];
    let at = 0;
    found.forEach((p, i) => {
      if (p.start > at) parts.push(text.slice(at, p.start));
      parts.push(<span key={`p${i}`}>{r.placeholder!(p.kind, p.id, text.slice(p.start, p.end))}</span>);
      at = p.end;
    });
    if (at < text.length) parts.push(text.slice(at));
  }
  let out: ReactNode =
    parts.length === 1 ? parts[0] : parts.map((p, i) => (typeof p === 'string' ? <span key={i}>{p}</span> : p));
  const format = typeof node.format === 'number' ? node.format : 0;
  FORMATS.forEach(([bit, wrap], i) => {
    if (format & bit) out = wrap(out, `${key}f${i}`);
  });
  const style = parseStyle(node.style);
  return style ? (
    <span key={key} style={style}>
      {out}
    </span>
  ) : (
    <span key={key}>{out}</span>
  );
}

function renderChildren(node: LexicalNode, key: string, r: LexicalRenderers): ReactNode[] {
  return (node.children ?? []).map((c, i) => renderNode(c, `${key}.${i}`, r));
}

export function renderNode(node: LexicalNode, key: string, r: LexicalRenderers): ReactNode {
  if (isSlotNode(node)) return r.slot ? <span key={key}>{r.slot(node)}</span> : null;
  switch (node.type) {
    case 'root':
      return renderChildren(node, key, r);
    case 'text':
      return renderText(node, key, r);
    case 'tab':
      return <span key={key}>{'\t'}</span>;
    case 'linebreak':
      return <br key={key} />;
    case 'paragraph': {
      const Tag = holdsPlaceholder(node, r) ? 'div' : 'p';
      return (
        <Tag key={key} style={blockStyle(node)}>
          {renderChildren(node, key, r)}
        </Tag>
      );
    }
    case 'heading': {
      const level = /^h[1-6]$/.test(String(node.tag)) ? Number(String(node.tag)[1]) : 2;
      if (holdsPlaceholder(node, r)) {
        return (
          <div key={key} role="heading" aria-level={level} style={blockStyle(node)}>
            {renderChildren(node, key, r)}
          </div>
        );
      }
      const Tag = `h${level}` as 'h2';
      return (
        <Tag key={key} style={blockStyle(node)}>
          {renderChildren(node, key, r)}
        </Tag>
      );
    }
    case 'quote':
      return (
        <blockquote key={key} style={blockStyle(node)}>
          {renderChildren(node, key, r)}
        </blockquote>
      );
    case 'list': {
      if (node.listType === 'number') {
        const start = typeof node.start === 'number' ? node.start : 1;
        return (
          <ol key={key} start={start}>
            {renderChildren(node, key, r)}
          </ol>
        );
      }
      return <ul key={key}>{renderChildren(node, key, r)}</ul>;
    }
    case 'listitem': {
      const checked = typeof node.checked === 'boolean' ? node.checked : undefined;
      return (
        <li
          key={key}
          aria-checked={checked}
          role={checked === undefined ? undefined : 'checkbox'}
          style={blockStyle(node)}
        >
          {renderChildren(node, key, r)}
        </li>
      );
    }
    case 'link':
    case 'autolink': {
      const url = typeof node.url === 'string' && SAFE_URL.test(node.url) ? node.url : undefined;
      if (!url) return <span key={key}>{renderChildren(node, key, r)}</span>;
      const blank = node.target === '_blank';
      return (
        <a key={key} href={url} target={blank ? '_blank' : undefined} rel={blank ? 'noopener noreferrer' : undefined}>
          {renderChildren(node, key, r)}
        </a>
      );
    }
    case 'image': {
      if (r.image) return <span key={key}>{r.image(node)}</span>;
      const src = typeof node.src === 'string' && SAFE_IMAGE.test(node.src) ? node.src : undefined;
      if (!src) return null;
      const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : undefined);
      return (
        <img
          key={key}
          src={src}
          alt={typeof node.altText === 'string' ? node.altText : ''}
          width={size(node.width)}
          height={size(node.height)}
          // never wider than the text it sits in, whatever width the author gave it
          style={{ maxWidth: size(node.maxWidth) ? `min(${size(node.maxWidth)}px, 100%)` : '100%', height: 'auto' }}
        />
      );
    }
    case 'container':
    case 'custom-container':
      return (
        <div key={key} style={blockStyle(node)}>
          {renderChildren(node, key, r)}
        </div>
      );
    default:
      // a node type this renderer does not know: keep its text rather than lose it
      if (typeof node.text === 'string') return renderText(node, key, r);
      return node.children ? <span key={key}>{renderChildren(node, key, r)}</span> : null;
  }
}

/**
 * Renders a Lexical editor state as plain React elements. `inline` renders the blocks' contents only, lines apart
 * (inside a heading, where paragraphs may not go).
 */
export function LexicalView({
  state,
  renderers = {},
  inline = false,
}: {
  state: LexicalState | null | undefined;
  renderers?: LexicalRenderers;
  inline?: boolean;
}) {
  if (!state?.root) return null;
  if (!inline) return <>{renderNode(state.root, 'r', renderers)}</>;
  return (
    <>
      {(state.root.children ?? []).map((block, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {block.children
            ? block.children.map((c, j) => renderNode(c, `r.${i}.${j}`, renderers))
            : renderNode(block, `r.${i}`, renderers)}
        </span>
      ))}
    </>
  );
}
