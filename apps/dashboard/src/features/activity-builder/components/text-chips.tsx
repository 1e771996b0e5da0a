import { useT } from '@aula/web/lib/i18n.ts';
import { Tag } from 'antd';

// How the builder's text shows an image node and a question slot node: in the editor (lexical-nodes.tsx) and in
// the read-only text shown until the editor is there (rich-text-field.tsx). No Lexical runtime here.

export function MediaChip({ altText }: { altText: string }) {
  const t = useT();
  return <Tag color="blue">{t('dashboard.builder.text.imageNode', { title: altText })}</Tag>;
}

export function SlotChip({ slot, kind }: { slot: string; kind: string }) {
  const t = useT();
  const key = kind.startsWith('question-dnd')
    ? 'dashboard.builder.text.dndSlot'
    : 'dashboard.builder.text.dropdownSlot';
  return <Tag color="purple">{t(key, { slot })}</Tag>;
}
