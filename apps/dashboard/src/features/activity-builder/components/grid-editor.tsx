import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import {
  CONTENT_ITEM_TYPES,
  GRID_COLUMNS,
  MEDIA_TYPE_OF_ITEM,
  isQuestionItemType,
  type ContentItem,
  type ContentItemType,
  type MediaItem,
  type QuestionType,
  type ScreenBody,
} from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Col, Empty, Flex, Input, InputNumber, Row, Select, Space, Tooltip, Typography, theme } from 'antd';
import { createContext, useContext, useDeferredValue, useState, type KeyboardEvent } from 'react';
import { useNewIdsMutation } from '../api';
import {
  addColumn,
  addRow,
  clampSpan,
  moveItem,
  newItem,
  newQuestion,
  removeItem,
  resizeItem,
  updateItemContent,
  updateQuestion,
  type MoveDirection,
} from '../lib/grid-edit';
import { localId } from '../lib/ids';
import { MediaLibrary } from './media-library';
import { QuestionEditor } from './question-editor';
import { RichTextField } from './rich-text-field';

// The grid editor (issue 4, item 10): rows of columns on the 24-column grid. Add rows and columns, place an item
// of any content type, resize its span 1..24 (buttons, the number field, or [ and ] on the focused block), move it
// (arrow buttons, or Alt+arrow keys on the focused block), and edit what it holds.

const OPTIONS_FOR: Record<QuestionType, number> = {
  checkbox: 2,
  radio: 2,
  'drop-down-list': 2,
  'drag-and-drop': 2,
  essay: 0,
  textarea: 0,
  tldraw: 0,
};

/**
 * False in a screen's first render, true in a deferred render right after its paint: the blocks and their text paint
 * first, the controls around them (span, move and remove buttons with tooltips, the block type pickers: some ten
 * Ant Design controls a block) come a frame later. They were most of a builder screen's first paint.
 */
const ControlsShown = createContext(true);

interface EditorProps {
  body: ScreenBody;
  onChange: (body: ScreenBody) => void;
  /** for edits that finish after an await: applied to the body as it is then */
  onUpdate: (edit: (body: ScreenBody) => ScreenBody) => void;
  media: Record<number, MediaItem>;
  onMediaKnown: (media: MediaItem[]) => void;
}

function useMakeItem() {
  const [newIds] = useNewIdsMutation();
  return async (type: ContentItemType) => {
    if (!isQuestionItemType(type)) return { item: newItem(localId('i'), type) };
    const qType = type.slice('question-'.length) as QuestionType;
    const ids = await newIds({ questions: 1, options: OPTIONS_FOR[qType] }).unwrap();
    const question = newQuestion(ids.questions[0]!, qType, ids.options);
    return { item: newItem(localId('i'), type, { questionId: question.id }), question };
  };
}

function AddItem(props: { label: string; onAdd: (type: ContentItemType) => Promise<void> }) {
  // its place kept (a compact select and button are 32 px high) until the controls come
  return useContext(ControlsShown) ? <TypePicker {...props} /> : <div style={{ height: 32 }} />;
}

function TypePicker({ label, onAdd }: { label: string; onAdd: (type: ContentItemType) => Promise<void> }) {
  const t = useT();
  const [type, setType] = useState<ContentItemType>('text');
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact>
      <Select<ContentItemType>
        aria-label={t('dashboard.builder.grid.itemType')}
        showSearch={{ optionFilterProp: 'label' }}
        value={type}
        onChange={setType}
        style={{ width: 220 }}
        options={CONTENT_ITEM_TYPES.map((x) => ({ value: x, label: t(`dashboard.builder.itemTypes.${x}`) }))}
      />
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          void onAdd(type)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
    </Space.Compact>
  );
}

function ItemCard({ item, depth, ...props }: EditorProps & { item: ContentItem; depth: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const { body, onChange, media } = props;
  const makeItem = useMakeItem();
  const controls = useContext(ControlsShown);
  const [picking, setPicking] = useState(false);
  const typeLabel = t(`dashboard.builder.itemTypes.${item.type as ContentItemType}`);
  const span = item.sizes.large;
  const mediaType = MEDIA_TYPE_OF_ITEM[item.type as ContentItemType];
  const question =
    item.content.question_id !== undefined ? body.questions.find((q) => q.id === item.content.question_id) : undefined;
  const screenMedia = body.media.map((id) => media[id]).filter((m): m is MediaItem => m !== undefined);

  const move = (d: MoveDirection) => onChange(moveItem(body, item.id, d));
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === '[' || e.key === ']') {
      e.preventDefault();
      onChange(resizeItem(body, item.id, span + (e.key === ']' ? 1 : -1)));
    } else if (e.altKey && e.key.startsWith('Arrow')) {
      e.preventDefault();
      move(e.key.slice(5).toLowerCase() as MoveDirection);
    }
  };

  return (
    <section
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={t('dashboard.builder.grid.blockLabel', { type: typeLabel, span })}
      aria-keyshortcuts="[ ] Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown"
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        padding: 8,
        background: depth > 0 ? token.colorFillQuaternary : token.colorBgContainer,
        height: '100%',
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={4} style={{ minHeight: 24 }}>
        <Typography.Text strong>{typeLabel}</Typography.Text>
        {controls && (
          <Space size={2} wrap>
            <Tooltip title={t('dashboard.builder.grid.narrower')}>
              <Button
                size="small"
                aria-label={t('dashboard.builder.grid.narrower')}
                disabled={span <= 1}
                onClick={() => onChange(resizeItem(body, item.id, span - 1))}
              >
                −
              </Button>
            </Tooltip>
            <InputNumber
              size="small"
              min={1}
              max={GRID_COLUMNS}
              value={span}
              aria-label={t('dashboard.builder.grid.span')}
              style={{ width: 56 }}
              onChange={(v) => v !== null && onChange(resizeItem(body, item.id, clampSpan(v)))}
            />
            <Tooltip title={t('dashboard.builder.grid.wider')}>
              <Button
                size="small"
                aria-label={t('dashboard.builder.grid.wider')}
                disabled={span >= GRID_COLUMNS}
                onClick={() => onChange(resizeItem(body, item.id, span + 1))}
              >
                +
              </Button>
            </Tooltip>
            <Button
              size="small"
              icon={<ArrowLeftOutlined />}
              aria-label={t('dashboard.builder.grid.moveLeft')}
              onClick={() => move('left')}
            />
            <Button
              size="small"
              icon={<ArrowRightOutlined />}
              aria-label={t('dashboard.builder.grid.moveRight')}
              onClick={() => move('right')}
            />
            {depth === 0 && (
              <>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('dashboard.builder.grid.moveUp')}
                  onClick={() => move('up')}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('dashboard.builder.grid.moveDown')}
                  onClick={() => move('down')}
                />
              </>
            )}
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('dashboard.builder.grid.remove', { type: typeLabel })}
              onClick={() => onChange(removeItem(body, item.id))}
            />
          </Space>
        )}
      </Flex>
      <div style={{ marginTop: 8 }}>
        {(item.type === 'heading' || item.type === 'text') && (
          <Flex vertical gap={4}>
            {item.type === 'heading' && (
              <Select
                size="small"
                aria-label={t('dashboard.builder.grid.headingLevel')}
                value={item.content.level ?? 2}
                style={{ width: 120 }}
                onChange={(level: 1 | 2 | 3 | 4) => onChange(updateItemContent(body, item.id, { level }))}
                options={[1, 2, 3, 4].map((l) => ({
                  value: l,
                  label: t('dashboard.builder.grid.level', { level: l }),
                }))}
              />
            )}
            <RichTextField
              label={t('dashboard.builder.grid.textOf', { type: typeLabel })}
              value={item.content.text}
              media={screenMedia}
              questions={body.questions.map((q) => ({
                id: q.id,
                label: q.label ?? t(`dashboard.builder.questionTypes.${q.type}`),
              }))}
              onChange={(text) => onChange(updateItemContent(body, item.id, { text }))}
            />
          </Flex>
        )}
        {question && (
          <QuestionEditor question={question} media={screenMedia} onChange={(q) => onChange(updateQuestion(body, q))} />
        )}
        {mediaType && (
          <Flex vertical gap={4}>
            <Typography.Text strong={item.content.media_id === undefined}>
              {item.content.media_id === undefined
                ? t('dashboard.builder.grid.noMedia')
                : t('dashboard.builder.grid.mediaChosen', {
                    title: media[item.content.media_id]?.title ?? String(item.content.media_id),
                  })}
            </Typography.Text>
            <Button size="small" onClick={() => setPicking(true)}>
              {t('dashboard.builder.grid.chooseMedia')}
            </Button>
            <MediaLibrary
              open={picking}
              type={mediaType}
              onClose={() => setPicking(false)}
              onPick={(m) => {
                props.onMediaKnown([m]);
                onChange(
                  updateItemContent(body, item.id, {
                    media_id: m.id,
                    ...(item.type === 'generic-iframe' && m.location ? { url: m.location } : {}),
                  }),
                );
              }}
            />
          </Flex>
        )}
        {(item.type === 'block' || item.type === 'block-carousel') && (
          <Flex vertical gap="small">
            {(item.content.children ?? []).length === 0 && (
              <Typography.Text type="secondary">{t('dashboard.builder.grid.emptyBlock')}</Typography.Text>
            )}
            {(item.content.children ?? []).map((child, i) => (
              <Flex key={child.id} vertical gap={4}>
                {item.type === 'block-carousel' && (
                  <Input
                    size="small"
                    aria-label={t('dashboard.builder.grid.slideTitle', { n: i + 1 })}
                    value={item.content.tabs?.[i] ?? ''}
                    onChange={(e) => {
                      const tabs = [...(item.content.tabs ?? [])];
                      tabs[i] = e.target.value;
                      onChange(updateItemContent(body, item.id, { tabs }));
                    }}
                  />
                )}
                <ItemCard {...props} item={child} depth={depth + 1} />
              </Flex>
            ))}
            <AddItem
              label={
                item.type === 'block-carousel'
                  ? t('dashboard.builder.grid.addSlide')
                  : t('dashboard.builder.grid.addToBlock')
              }
              onAdd={async (type) => {
                const { item: child, question: q } = await makeItem(type);
                props.onUpdate((b) => addColumn(b, item.id, child, q));
              }}
            />
          </Flex>
        )}
      </div>
    </section>
  );
}

export function GridEditor(props: EditorProps) {
  const t = useT();
  const { body } = props;
  const makeItem = useMakeItem();
  const controls = useDeferredValue(true, false);
  return (
    <ControlsShown.Provider value={controls}>
      <Flex vertical gap="middle">
        {body.content.length === 0 && <Empty description={t('dashboard.builder.grid.emptyScreen')} />}
        {body.content.map((row, r) => (
          <div key={row.id} role="group" aria-label={t('dashboard.builder.grid.rowN', { n: r + 1 })}>
            <Row gutter={[12, 12]}>
              {row.columns.map((item) => (
                <Col key={item.id} span={item.sizes.large}>
                  <ItemCard {...props} item={item} depth={0} />
                </Col>
              ))}
            </Row>
            <div style={{ marginTop: 8 }}>
              <AddItem
                label={t('dashboard.builder.grid.addColumn')}
                onAdd={async (type) => {
                  const { item, question } = await makeItem(type);
                  props.onUpdate((b) => addColumn(b, row.id, item, question));
                }}
              />
            </div>
          </div>
        ))}
        <AddItem
          label={t('dashboard.builder.grid.addRow')}
          onAdd={async (type) => {
            const { item, question } = await makeItem(type);
            props.onUpdate((b) => addRow(b, localId('r'), item, question));
          }}
        />
      </Flex>
    </ControlsShown.Provider>
  );
}
