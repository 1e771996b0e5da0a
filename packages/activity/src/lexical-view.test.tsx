import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LexicalNode, LexicalState } from '@aula/domain/activity-content';
import { LexicalView } from './lexical-view';

const state = (...children: LexicalNode[]): LexicalState => ({ root: { type: 'root', children } });
const p = (...children: LexicalNode[]): LexicalNode => ({ type: 'paragraph', children });
const tx = (text: string, format = 0, extra: Partial<LexicalNode> = {}): LexicalNode => ({
  type: 'text',
  text,
  format,
  ...extra,
});

describe('LexicalView', () => {
  it('renders the text format bits', () => {
    const { container } = render(
      <LexicalView state={state(p(tx('b', 1), tx('i', 2), tx('s', 4), tx('u', 8), tx('c', 16), tx('bi', 3)))} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('b');
    expect(container.querySelector('em')?.textContent).toBe('i');
    expect(container.querySelector('s')?.textContent).toBe('s');
    expect(container.querySelector('u')?.textContent).toBe('u');
    expect(container.querySelector('code')?.textContent).toBe('c');
    expect(container.querySelector('strong em, em strong')?.textContent).toBe('bi');
  });

  it('renders headings, quotes, line breaks, alignment and inline styles', () => {
    const { container } = render(
      <LexicalView
        state={state(
          { type: 'heading', tag: 'h3', children: [tx('Title')] },
          { type: 'quote', children: [tx('Said')] },
          {
            type: 'paragraph',
            format: 'center',
            children: [tx('one'), { type: 'linebreak' }, tx('two', 0, { style: 'color: red' })],
          },
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Title' })).toBeTruthy();
    expect(container.querySelector('blockquote')?.textContent).toBe('Said');
    const para = container.querySelector('p')!;
    expect(para.style.textAlign).toBe('center');
    expect(para.querySelector('br')).not.toBeNull();
    expect(screen.getByText('two').closest('span[style]')?.getAttribute('style')).toContain('color: red');
  });

  it('renders bullet and numbered lists, nested', () => {
    const { container } = render(
      <LexicalView
        state={state({
          type: 'list',
          listType: 'number',
          start: 3,
          children: [
            { type: 'listitem', children: [tx('Three')] },
            {
              type: 'listitem',
              children: [{ type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [tx('Dot')] }] }],
            },
          ],
        })}
      />,
    );
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('ol li ul li')?.textContent).toBe('Dot');
  });

  it('renders safe links and drops unsafe ones to text', () => {
    render(
      <LexicalView
        state={state(
          p(
            { type: 'link', url: 'https://phet.colorado.edu', target: '_blank', children: [tx('PhET')] },

            { type: 'link', url: 'javascript:alert(1)', children: [tx('Bad')] },
          ),
        )}
      />,
    );
    const link = screen.getByRole('link', { name: 'PhET' });
    expect(link.getAttribute('href')).toBe('https://phet.colorado.edu');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.getByText('Bad')).toBeTruthy();
  });

  it('renders the editor image node and the custom container', () => {
    const { container } = render(
      <LexicalView
        state={state(
          {
            type: 'container',
            children: [p({ type: 'image', src: 'https://cdn.example/a.png', altText: 'A cell', width: 200 })],
          },
          p({ type: 'image', src: 'javascript:x', altText: 'no' }),
        )}
      />,
    );
    const img = screen.getByRole('img', { name: 'A cell' });
    expect(img.getAttribute('width')).toBe('200');
    expect(img.closest('div')).not.toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('hands image nodes to the image renderer when there is one', () => {
    const { container } = render(
      <LexicalView
        state={state(p(tx('See '), { type: 'image', src: 'https://cdn.example/a.png', altText: 'A cell' }))}
        renderers={{ image: (node) => <b>image {String(node.altText)}</b> }}
      />,
    );
    expect(screen.getByText('image A cell')).toBeTruthy();
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('hands slot nodes to the slot renderer and keeps the text of unknown nodes', () => {
    render(
      <LexicalView
        state={state(
          p(tx('A '), { type: 'question-dropdown', slot: 's1' }, { type: 'mystery', children: [tx('kept')] }),
        )}
        renderers={{ slot: (node) => <b>slot {node.slot}</b> }}
      />,
    );
    expect(screen.getByText('slot s1')).toBeTruthy();
    expect(screen.getByText('kept')).toBeTruthy();
  });
});
