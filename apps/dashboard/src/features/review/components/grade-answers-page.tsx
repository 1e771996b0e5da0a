import { LexicalView } from '@aula/activity/lexical-view.tsx';
import { QuestionView } from '@aula/activity/questions/question-view.tsx';
import type { Question } from '@aula/domain/activity-content';
import { answerFromWire, maxScore, needsReview } from '@aula/domain/answers';
import type { AssignmentProgress, AttemptScreen, GradeAnswersInput } from '@aula/domain/attempts';
import { NotFoundPage } from '@aula/web/components/not-found-page.tsx';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Button, Card, Flex, InputNumber, Select, Skeleton, Typography, theme } from 'antd';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetStudentPreviewQuery, useGradeAnswersMutation } from '../api';
import { useAssignmentReview } from '../hooks/use-assignment-review';
import { attemptStudents, progressOf } from '../lib/progress-cache';
import { buildReviewData } from '../lib/review-data';
import { gradeAnswersHref, queryId, studentWorkHref } from '../lib/review-paths';
import { HideNamesSwitch } from './hide-names-switch';
import { RenderBoundary } from '../../../components/render-boundary';
import type { RenderContext } from '@aula/activity/types.ts';

type Activity = AssignmentProgress['activities'][number];
type Student = AssignmentProgress['students'][number];
type Drafts = Record<string, number | null>;
const draftKey = (studentId: number, questionId: number) => `${studentId}:${questionId}`;

/**
 * /assignment/view/:assignmentId/grade-answers?activity=N&screen=M ('grade answers', 001 section 7): one screen's
 * essays and drawings, every student's answer under each, a score box beside each answer and one Save for all.
 */
export function GradeAnswersPage() {
  const { assignmentId } = useParams();
  if (!/^[1-9]\d{0,8}$/.test(assignmentId ?? '')) return <NotFoundPage />;
  return <GradeAnswers assignmentId={Number(assignmentId)} />;
}

function GradeAnswers({ assignmentId }: { assignmentId: number }) {
  const t = useT();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const {
    params,
    mayGrade: canGrade,
    label,
    progressQ,
    progress,
    activity,
    students,
  } = useAssignmentReview(assignmentId);
  // the screens come with a student's view: one who started (their pinned version), else the first student
  const source = activity
    ? (students.find((s) => progressOf(s, activity).attempt_id !== null) ?? students[0])
    : undefined;
  const sourceQ = useGetStudentPreviewQuery(
    { assignmentId, studentId: source?.id ?? 0, activityId: activity?.id ?? 0, type: 'teacher_review' },
    { skip: !activity || !source },
  );

  if (progressQ.isLoading) return <PageLoader />;
  if (progressQ.isError || !progress) return <NotFoundPage />;

  const screens = sourceQ.data?.screens ?? [];
  const withReviewed = screens.filter((s) => s.questions.some((q) => needsReview(q.type)));
  const screen = screens.find((s) => s.screen_id === queryId(params.get('screen'))) ?? withReviewed[0] ?? screens[0];

  return (
    <Flex vertical gap="middle">
      <Link to={`/assignment/view/${assignmentId}${activity ? `?activity=${activity.id}` : ''}`}>
        {t('review.work.back', { assignment: progress.assignment.name })}
      </Link>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>
          {t('review.grade.title', { activity: activity?.title ?? progress.assignment.name })}
        </h1>
        <HideNamesSwitch />
      </Flex>
      <Flex gap="middle" wrap align="center">
        {progress.activities.length > 1 && activity && (
          <Select
            aria-label={t('review.work.activity')}
            value={activity.id}
            style={{ minWidth: 220 }}
            options={progress.activities.map((a) => ({ value: a.id, label: a.title }))}
            onChange={(id: number) => void navigate(gradeAnswersHref(assignmentId, id))}
          />
        )}
        {screens.length > 0 && screen && activity && (
          <Select
            aria-label={t('review.grade.screen')}
            value={screen.screen_id}
            style={{ minWidth: 260 }}
            options={screens.map((s, i) => {
              const count = s.questions.filter((q) => needsReview(q.type)).length;
              return {
                value: s.screen_id,
                label: `${t('review.work.screen', { n: i + 1 })} · ${t('review.grade.toScore', { count })}`,
              };
            })}
            onChange={(id: number) => void navigate(gradeAnswersHref(assignmentId, activity.id, id), { replace: true })}
          />
        )}
      </Flex>
      {!activity ? (
        <Typography.Text type="secondary">{t('review.progress.noActivities')}</Typography.Text>
      ) : sourceQ.isLoading || sourceQ.isUninitialized ? (
        <Skeleton active />
      ) : sourceQ.isError || !screen ? (
        <Alert type="error" showIcon title={t('review.work.failed')} />
      ) : (
        <ScreenAnswers
          key={`${activity.id}:${screen.screen_id}`}
          assignmentId={assignmentId}
          progress={progress}
          activity={activity}
          screen={screen}
          students={students}
          label={label}
          canGrade={canGrade}
        />
      )}
    </Flex>
  );
}

function ScreenAnswers({
  assignmentId,
  progress,
  activity,
  screen,
  students,
  label,
  canGrade,
}: {
  assignmentId: number;
  progress: AssignmentProgress;
  activity: Activity;
  screen: AttemptScreen;
  students: Student[];
  label: (s: Student) => string;
  canGrade: boolean;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [save, { isLoading }] = useGradeAnswersMutation();
  const questions = screen.questions.filter((q) => needsReview(q.type));
  const attempts = useMemo(() => attemptStudents(progress, activity.id), [progress, activity.id]);
  const changed = Object.entries(drafts).filter((e): e is [string, number] => e[1] !== null);

  const submit = async () => {
    if (changed.length === 0) return;
    const answers: GradeAnswersInput['answers'] = changed.map(([key, score]) => {
      const [studentId, questionId] = key.split(':').map(Number) as [number, number];
      return { student_id: studentId, question_id: questionId, score };
    });
    try {
      await save({
        assignmentId,
        body: { activity_id: activity.id, screen_id: screen.screen_id, answers },
        studentOfAttempt: attempts,
      }).unwrap();
      setDrafts({});
      void message.success(t('review.scores.saved', { count: answers.length }));
    } catch {
      // the response handler has shown the server's message; the boxes keep what was typed
    }
  };

  if (questions.length === 0) return <Typography.Text type="secondary">{t('review.grade.noReviewed')}</Typography.Text>;

  return (
    <Flex vertical gap="large">
      {questions.map((q) => (
        <QuestionAnswers
          key={q.id}
          assignmentId={assignmentId}
          activity={activity}
          screen={screen}
          question={q}
          students={students}
          label={label}
          canGrade={canGrade}
          drafts={drafts}
          onDraft={(key, score) => setDrafts((d) => ({ ...d, [key]: score }))}
        />
      ))}
      {canGrade && (
        <Flex
          justify="flex-end"
          style={{ position: 'sticky', bottom: 0, padding: '12px 0', background: 'inherit', zIndex: 2 }}
        >
          <Button type="primary" onClick={() => void submit()} loading={isLoading} disabled={changed.length === 0}>
            {t('review.scores.save')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function QuestionAnswers(props: {
  assignmentId: number;
  activity: Activity;
  screen: AttemptScreen;
  question: Question;
  students: Student[];
  label: (s: Student) => string;
  canGrade: boolean;
  drafts: Drafts;
  onDraft: (key: string, score: number | null) => void;
}) {
  const t = useT();
  const headingId = useId();
  const { question, students } = props;
  const name = question.label || t(question.type === 'essay' ? 'review.scores.essay' : 'review.scores.drawing');
  return (
    <Card
      size="small"
      title={
        <h2 id={headingId} style={{ fontSize: 16, margin: 0 }}>
          {name}
        </h2>
      }
    >
      <div style={{ marginBottom: 12 }}>
        <LexicalView state={question.text} />
      </div>
      <ul aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {students.map((s) => (
          <StudentAnswer key={s.id} {...props} student={s} />
        ))}
      </ul>
    </Card>
  );
}

function StudentAnswer({
  assignmentId,
  activity,
  screen,
  question,
  student,
  label,
  canGrade,
  drafts,
  onDraft,
}: {
  assignmentId: number;
  activity: Activity;
  screen: AttemptScreen;
  question: Question;
  student: Student;
  label: (s: Student) => string;
  canGrade: boolean;
  drafts: Drafts;
  onDraft: (key: string, score: number | null) => void;
}) {
  const t = useT();
  const started = progressOf(student, activity).attempt_id !== null;
  const workQ = useGetStudentPreviewQuery(
    { assignmentId, studentId: student.id, activityId: activity.id, type: 'teacher_review' },
    { skip: !started },
  );
  const data = useMemo(() => (workQ.data ? buildReviewData(workQ.data) : null), [workQ.data]);
  const answer = workQ.data?.answers.find((a) => a.question_id === question.id);
  // answers are scored once the student has submitted them (the API refuses earlier with 409)
  const submitted = workQ.data?.attempt?.status === 'submitted';
  const hasScreen = workQ.data?.screens.some((s) => s.screen_id === screen.screen_id) ?? true;
  const max = maxScore(question) ?? 0;
  const saved = answer?.review?.score ?? null;
  const key = draftKey(student.id, question.id);
  const draft = drafts[key];
  const who = label(student);

  let body: ReactNode;
  if (!started) body = <Typography.Text type="secondary">{t('review.status.not_started')}</Typography.Text>;
  else if (workQ.isLoading) body = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (workQ.isError) body = <Typography.Text type="danger">{t('review.work.failed')}</Typography.Text>;
  else if (!hasScreen) body = <Typography.Text type="secondary">{t('review.grade.otherVersion')}</Typography.Text>;
  else if (!answer) body = <Typography.Text type="secondary">{t('review.grade.noAnswer')}</Typography.Text>;
  else if (question.type === 'essay') {
    body = (
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
        {answerFromWire(answer.value, 'essay').text ?? ''}
      </Typography.Paragraph>
    );
  } else if (data && workQ.data) {
    const context: RenderContext = {
      mode: 'teacher_review',
      media: data.media,
      questions: data.questions,
      screenSection: screen.section,
      progressSection: workQ.data.attempt?.progress_section,
      submittedQuestionIds: data.answered,
      shuffleSeed: workQ.data.attempt?.id,
      review: data.review,
    };
    body = (
      <RenderBoundary fallback={<Alert type="error" showIcon title={t('review.work.screenFailed')} />}>
        <QuestionView question={question} context={context} answers={data.answers} />
      </RenderBoundary>
    );
  }

  return (
    <li style={{ padding: '12px 0', borderTop: '1px solid rgba(5,5,5,0.06)' }}>
      <Flex gap="middle" wrap align="flex-start">
        <div style={{ flex: '0 0 180px' }}>
          <Link to={studentWorkHref(assignmentId, student.id, activity.id, screen.screen_id)}>{who}</Link>
        </div>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>{body}</div>
        {answer && (
          <Flex align="center" gap={8} style={{ flex: '0 0 auto' }}>
            {!submitted ? (
              <Typography.Text type="secondary">{t('review.grade.notSubmitted')}</Typography.Text>
            ) : canGrade ? (
              <>
                <InputNumber
                  min={0}
                  max={max}
                  precision={0}
                  step={1}
                  value={draft === undefined ? saved : draft}
                  onChange={(v) => onDraft(key, typeof v === 'number' ? v : null)}
                  aria-label={t('review.grade.scoreFor', {
                    student: who,
                    question:
                      question.label || t(question.type === 'essay' ? 'review.scores.essay' : 'review.scores.drawing'),
                  })}
                  style={{ width: 80 }}
                />
                <span>{t('review.scores.outOf', { max })}</span>
                {saved === null && <Typography.Text type="secondary">{t('review.scores.pending')}</Typography.Text>}
              </>
            ) : (
              <Typography.Text>
                {saved === null ? t('review.scores.pending') : t('review.scores.scored', { score: saved, max })}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </li>
  );
}
