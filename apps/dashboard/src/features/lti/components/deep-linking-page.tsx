import type { LtiDeepLinkPickerDto, LtiDeepLinkReplyDto } from '@aula/domain/lti-launch';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Checkbox, Flex, Input, InputNumber, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useAnswerLtiDeepLinkMutation, useGetLtiDeepLinkPickerQuery } from '../deep-linking-api';

/**
 * /lti-deep-linking/:launchId (issue 18 item 4): inside the LMS frame, the instructor who started deep linking picks
 * activities or assignment sets; Aula signs the LtiDeepLinkingResponse and this page posts it to the platform (an auto-submitted form,
 * which the page's policy lets post to that platform only).
 */
export function LtiDeepLinkingPage() {
  const t = useT();
  const id = Number(useParams().launchId);
  const { data, isLoading, error } = useGetLtiDeepLinkPickerQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [answer, { isLoading: sending, error: answerError }] = useAnswerLtiDeepLinkMutation();
  const [reply, setReply] = useState<LtiDeepLinkReplyDto | null>(null);
  if (isLoading) return <Spin />;
  if (error || !data) return <Alert type="warning" showIcon message={t('lti.deepLinking.notFound')} />;
  return (
    <DeepLinkingView
      picker={data}
      sending={sending}
      error={answerError ? errorMessages(answerError, t('lti.failed')).join(' ') : null}
      reply={reply}
      onAnswer={async (activityIds, scoreMaximum, setIds) => {
        try {
          setReply(
            await answer({
              id,
              activity_ids: activityIds,
              assignment_set_ids: setIds,
              score_maximum: scoreMaximum,
            }).unwrap(),
          );
        } catch {
          // shown by the view
        }
      }}
    />
  );
}

export interface DeepLinkingViewProps {
  picker: LtiDeepLinkPickerDto;
  sending: boolean;
  error: string | null;
  /** the signed answer: the view posts it to the platform at once */
  reply: LtiDeepLinkReplyDto | null;
  onAnswer: (activityIds: number[], scoreMaximum: number, assignmentSetIds: number[]) => Promise<void>;
}

/**
 * The picker: the offered activities and the district's assignment sets on two tabs (one item in all when the
 * platform takes one), the points (activities' line items), Add and Cancel.
 */
export function DeepLinkingView({ picker, sending, error, reply, onAnswer }: DeepLinkingViewProps) {
  const t = useT();
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenSets, setChosenSets] = useState<number[]>([]);
  const [score, setScore] = useState(100);
  const [search, setSearch] = useState('');
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (reply) form.current?.submit();
  }, [reply]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return picker.activities.filter((a) => !q || a.title.toLowerCase().includes(q));
  }, [picker, search]);

  const shownSets = useMemo(() => {
    const q = search.trim().toLowerCase();
    return picker.assignment_sets.filter((set) => !q || set.name.toLowerCase().includes(q));
  }, [picker, search]);

  // a platform that takes one item: choosing one (activity or set) replaces any other choice
  const toggle = (activityId: number, on: boolean) => {
    if (on && !picker.accept_multiple) setChosenSets([]);
    setChosen((list) =>
      on ? (picker.accept_multiple ? [...list, activityId] : [activityId]) : list.filter((x) => x !== activityId),
    );
  };
  const toggleSet = (setId: number, on: boolean) => {
    if (on && !picker.accept_multiple) setChosen([]);
    setChosenSets((list) =>
      on ? (picker.accept_multiple ? [...list, setId] : [setId]) : list.filter((x) => x !== setId),
    );
  };
  const count = chosen.length + chosenSets.length;

  const activitiesTab =
    picker.activities.length === 0 ? (
      <Alert type="info" showIcon message={t('lti.deepLinking.empty')} />
    ) : (
      <Flex vertical gap="small" role="group" aria-label={t('lti.deepLinking.tabActivities')}>
        {shown.map((a) => (
          <Checkbox key={a.id} checked={chosen.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)}>
            {a.title} {a.shared ? <Tag>{t('lti.deepLinking.shared')}</Tag> : null}
          </Checkbox>
        ))}
      </Flex>
    );
  const setsTab =
    picker.assignment_sets.length === 0 ? (
      <Alert type="info" showIcon title={t('lti.deepLinking.setsEmpty')} />
    ) : (
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('lti.deepLinking.setsIntro')}</Typography.Text>
        <Flex vertical gap="small" role="group" aria-label={t('lti.deepLinking.tabSets')}>
          {shownSets.map((set) => (
            <Checkbox
              key={set.id}
              checked={chosenSets.includes(set.id)}
              onChange={(e) => toggleSet(set.id, e.target.checked)}
            >
              {set.name} <Tag>{t('lti.deepLinking.setAssignments', { count: set.assignments_count })}</Tag>
            </Checkbox>
          ))}
        </Flex>
      </Flex>
    );

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
      <Typography.Title level={2}>{t('lti.deepLinking.title')}</Typography.Title>
      <Typography.Paragraph>{t('lti.deepLinking.intro', { platform: picker.platform })}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Input.Search
        aria-label={t('lti.deepLinking.search')}
        placeholder={t('lti.deepLinking.search')}
        allowClear
        onChange={(e) => setSearch(e.target.value)}
      />
      <Tabs
        items={[
          { key: 'activities', label: t('lti.deepLinking.tabActivities'), children: activitiesTab },
          { key: 'sets', label: t('lti.deepLinking.tabSets'), children: setsTab },
        ]}
      />
      {picker.activities.length > 0 ? (
        <Flex gap="small" align="center">
          <label htmlFor="lti-score-maximum">{t('lti.deepLinking.scoreMaximum')}</label>
          <InputNumber id="lti-score-maximum" min={1} max={10000} value={score} onChange={(v) => setScore(v ?? 100)} />
        </Flex>
      ) : null}
      <Flex gap="small">
        <Button
          type="primary"
          disabled={count === 0 || !!reply}
          loading={sending}
          onClick={() => void onAnswer(chosen, score, chosenSets)}
        >
          {chosenSets.length ? t('lti.deepLinking.addItems', { count }) : t('lti.deepLinking.add', { count })}
        </Button>
        <Button disabled={!!reply || sending} onClick={() => void onAnswer([], score, [])}>
          {t('lti.deepLinking.cancel')}
        </Button>
      </Flex>
      {reply ? (
        <>
          <Typography.Text role="status">{t('lti.deepLinking.sending', { platform: picker.platform })}</Typography.Text>
          <form ref={form} method="post" action={reply.return_url} hidden data-testid="lti-return-form">
            <input type="hidden" name="JWT" value={reply.jwt} />
          </form>
        </>
      ) : null}
    </Flex>
  );
}
