import type { LexicalState, MediaItem } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { AutoFocusPlugin } from '@lexical/react/LexicalAutoFocusPlugin';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { Button, Flex, Select, Space, Tooltip } from 'antd';
import { $createTextNode, $getSelection, $insertNodes, $isRangeSelection, FORMAT_TEXT_COMMAND } from 'lexical';
import { useState } from 'react';
import { $createImageNode, $createSlotNode, EDITOR_NODES, type SlotNodeType } from './lexical-nodes';

// The Lexical editor (lazy-loaded by rich-text-field.tsx). Rich text with bold, italic and underline; inserts
// image nodes and {media:N} / {question:N} placeholders (000 section 5) in text items, and drop-down or
// drag-and-drop slot nodes in question texts.

export interface RichTextEditorProps {
  label: string;
  value: LexicalState | null | undefined;
  onChange: (state: LexicalState) => void;
  /** media the text may show (image nodes, {media:N}) */
  media?: readonly MediaItem[];
  /** questions the text may place ({question:N}) */
  questions?: readonly { id: number; label: string }[];
  /** the slot node kind a question text offers, with the next slot name */
  slotKind?: SlotNodeType;
  nextSlot?: () => string;
  onInitError: () => void;
  /** focus the text once the editor is there (the user pressed on the text before it was) */
  autoFocus?: boolean;
}

function isEmptyState(value: LexicalState | null | undefined): boolean {
  return !value || (value.root.children ?? []).length === 0;
}

function Toolbar({ media = [], questions = [], slotKind, nextSlot }: RichTextEditorProps) {
  const t = useT();
  const [editor] = useLexicalComposerContext();
  const [mediaId, setMediaId] = useState<number>();
  const [questionId, setQuestionId] = useState<number>();

  const chosen = media.find((m) => m.id === mediaId);
  const imageSrc = chosen?.type === 'image' ? (chosen.images?.medium ?? chosen.location) : null;
  const insert = (make: () => Parameters<typeof $insertNodes>[0]) =>
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) editor.focus();
      $insertNodes(make());
    });

  return (
    <Flex wrap gap="small" role="toolbar" aria-label={t('dashboard.builder.text.toolbar')}>
      <Space.Compact>
        {(['bold', 'italic', 'underline'] as const).map((format) => (
          <Button
            key={format}
            size="small"
            onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
            aria-label={t(`dashboard.builder.text.${format}`)}
          >
            {t(`dashboard.builder.text.${format}Short`)}
          </Button>
        ))}
      </Space.Compact>
      {media.length > 0 && (
        <Space.Compact>
          <Select
            size="small"
            style={{ minWidth: 160 }}
            aria-label={t('dashboard.builder.text.chooseMedia')}
            placeholder={t('dashboard.builder.text.chooseMedia')}
            value={mediaId}
            onChange={setMediaId}
            options={media.map((m) => ({ value: m.id, label: `${m.title} (${m.id})` }))}
          />
          <Button
            size="small"
            disabled={mediaId === undefined}
            onClick={() => insert(() => [$createTextNode(`{media:${mediaId}}`)])}
          >
            {t('dashboard.builder.text.insertMediaPlaceholder')}
          </Button>
          <Button
            size="small"
            disabled={!chosen || !imageSrc}
            onClick={() => chosen && imageSrc && insert(() => [$createImageNode(chosen.id, imageSrc, chosen.title)])}
          >
            {t('dashboard.builder.text.insertImage')}
          </Button>
        </Space.Compact>
      )}
      {questions.length > 0 && (
        <Space.Compact>
          <Select
            size="small"
            style={{ minWidth: 160 }}
            aria-label={t('dashboard.builder.text.chooseQuestion')}
            placeholder={t('dashboard.builder.text.chooseQuestion')}
            value={questionId}
            onChange={setQuestionId}
            options={questions.map((q) => ({ value: q.id, label: q.label }))}
          />
          <Button
            size="small"
            disabled={questionId === undefined}
            onClick={() => insert(() => [$createTextNode(`{question:${questionId}}`)])}
          >
            {t('dashboard.builder.text.insertQuestionPlaceholder')}
          </Button>
        </Space.Compact>
      )}
      {slotKind && nextSlot && (
        <Tooltip title={t('dashboard.builder.text.insertSlotHint')}>
          <Button size="small" onClick={() => insert(() => [$createSlotNode(slotKind, nextSlot())])}>
            {t('dashboard.builder.text.insertSlot')}
          </Button>
        </Tooltip>
      )}
    </Flex>
  );
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { label, value, onChange, onInitError, autoFocus = false } = props;
  const initialConfig = {
    namespace: 'aula-builder',
    nodes: [HeadingNode, QuoteNode, ...EDITOR_NODES],
    onError: (error: Error) => {
      onInitError();
      console.error(error);
    },
    editorState: isEmptyState(value) ? null : JSON.stringify(value),
    theme: { text: { bold: 'rt-bold', italic: 'rt-italic', underline: 'rt-underline' } },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Flex vertical gap={4}>
        <Toolbar {...props} />
        <div style={{ position: 'relative', border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px' }}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-label={label}
                aria-multiline="true"
                role="textbox"
                style={{ minHeight: 40, outline: 'none' }}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </Flex>
      <HistoryPlugin />
      {autoFocus && <AutoFocusPlugin />}
      <OnChangePlugin ignoreSelectionChange onChange={(state) => onChange(state.toJSON())} />
    </LexicalComposer>
  );
}
