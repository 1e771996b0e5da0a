import { DeleteOutlined } from '@ant-design/icons';
import type { LexicalNode, MediaItem, Question } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { Button, Checkbox, Flex, Input, Radio, Select, Switch, Typography } from 'antd';
import { useNewIdsMutation } from '../api';
import { setOptionCorrect } from '../lib/grid-edit';
import { localId } from '../lib/ids';
import { RichTextField } from './rich-text-field';

// One question's editor (000 section 3): text, label, options with their correct answers, slots for drop-down and
// drag-and-drop questions, random order (not for essay). New option ids come from POST /activity-builder/ids.

const WITH_OPTIONS = new Set<Question['type']>(['checkbox', 'radio', 'drop-down-list', 'drag-and-drop']);
const WITH_SLOTS = new Set<Question['type']>(['drop-down-list', 'drag-and-drop']);

/** The slot names placed in a question's text, in text order. */
export function slotsOf(question: Question): string[] {
  const out: string[] = [];
  const walk = (node: LexicalNode) => {
    if (node.type.startsWith('question-d') && typeof node.slot === 'string') out.push(node.slot);
    for (const child of node.children ?? []) walk(child);
  };
  if (question.text) walk(question.text.root);
  return out;
}

export function QuestionEditor({
  question,
  onChange,
  media,
}: {
  question: Question;
  onChange: (q: Question) => void;
  media: readonly MediaItem[];
}) {
  const t = useT();
  const [newIds, { isLoading }] = useNewIdsMutation();
  const slots = slotsOf(question);
  const single = question.type === 'radio';
  const prefix = `q${question.id}`;

  const addOption = async () => {
    const ids = await newIds({ questions: 0, options: 1 }).unwrap();
    const id = ids.options[0];
    if (id === undefined) return;
    onChange({
      ...question,
      options: [...question.options, { id, option: '', is_correct: false, slot: slots[0] ?? null }],
    });
  };

  return (
    <Flex vertical gap="small">
      <Typography.Text strong>{t(`dashboard.builder.questionTypes.${question.type}`)}</Typography.Text>
      <label htmlFor={`${prefix}-label`}>{t('dashboard.builder.question.label')}</label>
      <Input
        id={`${prefix}-label`}
        value={question.label ?? ''}
        maxLength={500}
        onChange={(e) => onChange({ ...question, label: e.target.value || null })}
      />
      <RichTextField
        label={t('dashboard.builder.question.text')}
        value={question.text}
        media={media}
        onChange={(text) => onChange({ ...question, text: text as Question['text'] })}
        {...(WITH_SLOTS.has(question.type)
          ? {
              slotKind: question.type === 'drag-and-drop' ? ('question-dnd' as const) : ('question-dropdown' as const),
              nextSlot: () => localId('s'),
            }
          : {})}
      />
      {WITH_OPTIONS.has(question.type) && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600 }}>{t('dashboard.builder.question.options')}</legend>
          <Radio.Group
            value={single ? question.options.find((o) => o.is_correct)?.id : undefined}
            onChange={(e) => onChange(setOptionCorrect(question, Number(e.target.value), true))}
            style={{ width: '100%' }}
          >
            <Flex vertical gap={6}>
              {question.options.map((option, i) => (
                <Flex key={option.id} gap="small" align="center" wrap>
                  <Input
                    aria-label={t('dashboard.builder.question.optionN', { n: i + 1 })}
                    value={option.option}
                    maxLength={2000}
                    style={{ flex: '1 1 200px' }}
                    onChange={(e) =>
                      onChange({
                        ...question,
                        options: question.options.map((o) =>
                          o.id === option.id ? { ...o, option: e.target.value } : o,
                        ),
                      })
                    }
                  />
                  {single ? (
                    <Radio value={option.id}>{t('dashboard.builder.question.correct')}</Radio>
                  ) : (
                    <Checkbox
                      checked={option.is_correct}
                      onChange={(e) => onChange(setOptionCorrect(question, option.id, e.target.checked))}
                    >
                      {t('dashboard.builder.question.correct')}
                    </Checkbox>
                  )}
                  {WITH_SLOTS.has(question.type) && (
                    <Select
                      allowClear
                      aria-label={t('dashboard.builder.question.slotOf', { n: i + 1 })}
                      placeholder={t('dashboard.builder.question.slot')}
                      style={{ width: 140 }}
                      value={option.slot ?? undefined}
                      onChange={(slot: string | undefined) =>
                        onChange({
                          ...question,
                          options: question.options.map((o) => (o.id === option.id ? { ...o, slot: slot ?? null } : o)),
                        })
                      }
                      options={slots.map((s, n) => ({
                        value: s,
                        label: t('dashboard.builder.question.slotN', { n: n + 1 }),
                      }))}
                    />
                  )}
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('dashboard.builder.question.removeOption', { n: i + 1 })}
                    onClick={() =>
                      onChange({ ...question, options: question.options.filter((o) => o.id !== option.id) })
                    }
                  />
                </Flex>
              ))}
            </Flex>
          </Radio.Group>
          <Button size="small" loading={isLoading} onClick={() => void addOption()} style={{ marginTop: 8 }}>
            {t('dashboard.builder.question.addOption')}
          </Button>
        </fieldset>
      )}
      {question.type !== 'essay' && (
        <Flex gap="small" align="center">
          <Switch
            id={`${prefix}-random`}
            checked={question.random_order === 1}
            onChange={(on) => onChange({ ...question, random_order: on ? 1 : 0 })}
          />
          <label htmlFor={`${prefix}-random`}>{t('dashboard.builder.question.randomOrder')}</label>
        </Flex>
      )}
    </Flex>
  );
}
