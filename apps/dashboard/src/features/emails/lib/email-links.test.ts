import { describe, expect, it } from 'vitest';
import { splitLinks } from './email-links';

describe('splitLinks', () => {
  it('makes each http(s) address a link and keeps the text around it', () => {
    const text = 'Hello Tara,\n\nOpen http://localhost:3001/reset-password/abc_DEF-123 to choose a new one.\nBye';
    expect(splitLinks(text)).toEqual([
      { kind: 'text', text: 'Hello Tara,\n\nOpen ' },
      { kind: 'link', href: 'http://localhost:3001/reset-password/abc_DEF-123' },
      { kind: 'text', text: ' to choose a new one.\nBye' },
    ]);
  });

  it('leaves closing punctuation out of the address and other schemes as text', () => {
    expect(splitLinks('See (https://aula.test/help). Or javascript:alert(1) or ftp://x.test')).toEqual([
      { kind: 'text', text: 'See (' },
      { kind: 'link', href: 'https://aula.test/help' },
      { kind: 'text', text: '). Or javascript:alert(1) or ftp://x.test' },
    ]);
  });

  it('handles text without addresses, an address alone and two in a row', () => {
    expect(splitLinks('')).toEqual([]);
    expect(splitLinks('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
    expect(splitLinks('https://a.test https://b.test/x?y=1')).toEqual([
      { kind: 'link', href: 'https://a.test' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://b.test/x?y=1' },
    ]);
  });
});
