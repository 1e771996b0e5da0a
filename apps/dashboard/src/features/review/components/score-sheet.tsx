import { answerFromWire } from '@aula/domain/answers';
import type { AttemptView, GradeScreensInput } from '@aula/domain/attempts';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Card, Flex, InputNumber, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useGradeScreensMutation } from '../api';
import { reviewedQuestions, type ReviewedQuestion } from '../lib/review-data';

/**
 * 'Grade screens' (001 section 7): every answered essay and drawing of this student's attempt, across its screens,
 * with a score box each and one Save for all that were changed (POST gradeScreens). Without update permission it
 * lists the scores read-only.
 */
export function ScoreSheet({
  view,
  name,
  assignmentId,
  canGrade,
  onOpenScreen,
}: {
  view: AttemptView;
  /** the student as shown (their name or pseudonym) */
  name: string;
  assignmentId: number;
  canGrade: boolean;
  onOpenScreen: (screenId: number) => void;
}) {
  const t = useT();
  const headingId = useId();
  const { message } = App.useApp();
  const rows = useMemo(() => reviewedQuestions(view), [view]);
  // what was typed, with the score the view held then: once the view holds another score (saved here or in the
  // question) the box follows the view again
  const [drafts, setDrafts] = useState<Record<number, { score: number | null; base: number | null }>>({});
  const draftOf = (r: ReviewedQuestion): number | null | undefined => {
    const d = drafts[r.question.id];
    return d && d.base === (r.answer.review?.score ?? null) ? d.score : undefined;
  };
  const [save, { isLoading }] = useGradeScreensMutation();
  const attempt = view.attempt;
  const changed = rows.filter((r) => {
    const draft = draftOf(r);
    return draft !== undefined && draft !== null && draft !== (r.answer.review?.score ?? null);
  });

  const submit = async () => {
    if (!attempt || changed.length === 0) return;
    const byScreen = new Map<number, GradeScreensInput['screens'][number]>();
    for (const r of changed) {
      const entry = byScreen.get(r.screen.screen_id) ?? { screen_id: r.screen.screen_id, answers: [] };
      entry.answers.push({ question_id: r.question.id, score: draftOf(r)! });
      byScreen.set(r.screen.screen_id, entry);
    }
    try {
      await save({
        assignmentId,
        studentId: attempt.student_id,
        activityId: attempt.activity_id,
        attemptId: attempt.id,
        body: { screens: [...byScreen.values()] },
      }).unwrap();
      void message.success(t('review.scores.saved', { count: changed.length }));
    } catch {
      // the response handler has shown the server's message
    }
  };

  return (
    <Card
      size="small"
      title={
        <h2 id={headingId} style={{ fontSize: 'inherit', margin: 0 }}>
          {t('review.scores.title')}
        </h2>
      }
    >
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('review.scores.nothing')}</Typography.Text>
      ) : (
        <Flex vertical gap="middle">
          {attempt?.status !== 'submitted' && (
            <Typography.Text type="secondary">{t('review.scores.afterSubmit', { student: name })}</Typography.Text>
          )}
          <ul aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r) => (
              <ScoreRow
                key={r.question.id}
                row={r}
                canGrade={canGrade}
                draft={draftOf(r)}
                onDraft={(score) =>
                  setDrafts((d) => ({ ...d, [r.question.id]: { score, base: r.answer.review?.score ?? null } }))
                }
                onOpen={() => onOpenScreen(r.screen.screen_id)}
              />
            ))}
          </ul>
          {canGrade && (
            <Button type="primary" onClick={() => void submit()} loading={isLoading} disabled={changed.length === 0}>
              {t('review.scores.save')}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
}

/** A question's name on the sheet: its label, or its kind. */
export function questionName(t: ReturnType<typeof useT>, row: Pick<ReviewedQuestion, 'question'>): string {
  return row.question.label || t(row.question.type === 'essay' ? 'review.scores.essay' : 'review.scores.drawing');
}

function ScoreRow({
  row,
  canGrade,
  draft,
  onDraft,
  onOpen,
}: {
  row: ReviewedQuestion;
  canGrade: boolean;
  draft: number | null | undefined;
  onDraft: (score: number | null) => void;
  onOpen: () => void;
}) {
  const t = useT();
  const name = questionName(t, row);
  const saved = row.answer.review?.score ?? null;
  const text = row.question.type === 'essay' ? (answerFromWire(row.answer.value, 'essay').text ?? '') : null;
  return (
    <li style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <Flex vertical gap={4}>
        <Button
          type="link"
          onClick={onOpen}
          style={{ padding: 0, height: 'auto', justifyContent: 'flex-start', textAlign: 'start', whiteSpace: 'normal' }}
        >
          {t('review.scores.where', { name, screen: row.screenNumber })}
        </Button>
        {text !== null && (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {text}
          </Typography.Paragraph>
        )}
        {canGrade ? (
          <Flex align="center" gap={8}>
            <InputNumber
              min={0}
              max={row.max}
              precision={0}
              step={1}
              value={draft === undefined ? saved : draft}
              onChange={(v) => onDraft(typeof v === 'number' ? v : null)}
              aria-label={t('review.scores.scoreFor', { name, screen: row.screenNumber })}
              style={{ width: 80 }}
            />
            <span>{t('review.scores.outOf', { max: row.max })}</span>
            {saved === null && <Typography.Text type="secondary">{t('review.scores.pending')}</Typography.Text>}
          </Flex>
        ) : (
          <Typography.Text>
            {saved === null ? t('review.scores.pending') : t('review.scores.scored', { score: saved, max: row.max })}
          </Typography.Text>
        )}
      </Flex>
    </li>
  );
}
