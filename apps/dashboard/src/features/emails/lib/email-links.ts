// An email's plain text as the Emails page shows it: the text as written, with every web address in it a link.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// http(s) addresses up to the next space; a sentence's closing punctuation is not part of the address
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Splits `text` into plain runs and links; only http and https addresses become links. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
