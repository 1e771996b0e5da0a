import type { LtiDeepLinkReplyDto } from '@aula/domain/lti-launch';
import { errorMessages } from '@aula/web/lib/api-errors.ts';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Checkbox, Flex, Input, InputNumber, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useAnswerLtiDeepLinkMutation, useGetLtiDeepLinkPickerQuery } from '../deep-linking-api';

/**
 * /lti-deep-linking/:launchId (issue 18 item 4): inside the LMS frame, the instructor who started deep linking picks
 * activities; Aula signs the LtiDeepLinkingResponse and this page posts it to the platform (an auto-submitted form,
 * which the page's policy lets post to that platform only).
 */
export function LtiDeepLinkingPage() {
  const t = useT();
  const id = Number(useParams().launchId);
  const { data, isLoading, error } = useGetLtiDeepLinkPickerQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [answer, { isLoading: sending, error: answerError }] = useAnswerLtiDeepLinkMutation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [score, setScore] = useState(100);
  const [search, setSearch] = useState('');
  const [reply, setReply] = useState<LtiDeepLinkReplyDto | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (reply) form.current?.submit();
  }, [reply]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (data?.activities ?? []).filter((a) => !q || a.title.toLowerCase().includes(q));
  }, [data, search]);

  const send = async (ids: number[]) => {
    try {
      setReply(await answer({ id, activity_ids: ids, score_maximum: score }).unwrap());
    } catch {
      // shown below
    }
  };
  const toggle = (activityId: number, on: boolean) =>
    setChosen((list) =>
      on ? (data?.accept_multiple ? [...list, activityId] : [activityId]) : list.filter((x) => x !== activityId),
    );

  if (isLoading) return <Spin />;
  if (error || !data) {
    return <Alert type="warning" showIcon message={t('lti.deepLinking.notFound')} />;
  }
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
      <Typography.Title level={2}>{t('lti.deepLinking.title')}</Typography.Title>
      <Typography.Paragraph>{t('lti.deepLinking.intro', { platform: data.platform })}</Typography.Paragraph>
      {answerError ? (
        <Alert type="error" showIcon message={errorMessages(answerError, t('lti.failed')).join(' ')} />
      ) : null}
      {data.activities.length === 0 ? (
        <Alert type="info" showIcon message={t('lti.deepLinking.empty')} />
      ) : (
        <>
          <Input.Search
            aria-label={t('lti.deepLinking.search')}
            placeholder={t('lti.deepLinking.search')}
            allowClear
            onChange={(e) => setSearch(e.target.value)}
          />
          <Flex vertical gap="small" role="group" aria-label={t('lti.deepLinking.title')}>
            {shown.map((a) => (
              <Checkbox key={a.id} checked={chosen.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)}>
                {a.title} {a.shared ? <Tag>{t('lti.deepLinking.shared')}</Tag> : null}
              </Checkbox>
            ))}
          </Flex>
          <label>
            <Typography.Text>{t('lti.deepLinking.scoreMaximum')} </Typography.Text>
            <InputNumber min={1} max={10000} value={score} onChange={(v) => setScore(v ?? 100)} />
          </label>
        </>
      )}
      <Flex gap="small">
        <Button
          type="primary"
          disabled={chosen.length === 0 || !!reply}
          loading={sending}
          onClick={() => void send(chosen)}
        >
          {t('lti.deepLinking.add', { count: chosen.length })}
        </Button>
        <Button disabled={!!reply || sending} onClick={() => void send([])}>
          {t('lti.deepLinking.cancel')}
        </Button>
      </Flex>
      {reply ? (
        <>
          <Typography.Text role="status">{t('lti.deepLinking.sending', { platform: data.platform })}</Typography.Text>
          <form ref={form} method="post" action={reply.return_url} hidden>
            <input type="hidden" name="JWT" value={reply.jwt} />
          </form>
        </>
      ) : null}
    </Flex>
  );
}
