import type { Question } from '@aula/domain/activity-content';
import { focusQuestion as focusQuestionIn } from '@aula/activity/focus-question.ts';
import { ScreenView as RendererScreenView } from '@aula/activity/screen-view.tsx';
import type { RenderContext } from '@aula/activity/types.ts';
import { validateAnswer, type AnswerValue } from '@aula/domain/answers';
import type { AttemptView } from '@aula/domain/attempts';
import { useAppDispatch } from '@aula/web/app/hooks.ts';
import { PageLoader } from '@aula/web/components/page-loader.tsx';
import { readError } from '@aula/web/lib/api-errors.ts';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { Alert, Button, Flex } from 'antd';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProgressAttemptMutation, useSubmitAttemptMutation, workApi } from '../api';
import { useAnswerSaver, type OpenedWork } from '../hooks/use-answer-saver';
import {
  firstQuestionOf,
  firstScreenWith,
  questionsOf,
  questionsOfSection,
  reachableScreens,
  sectionAfter,
  workingSection,
  type PlayerScreen,
} from '../lib/attempt-screens';
import type { FlushResult } from '../lib/answer-saver';
import type { SaveState } from '../lib/save-rules';
import { SaveStatus } from './save-status';
import { ScreenFrame } from './screen-frame';
import { WorkHeader } from './work-header';

/**
 * The screen renders again only when its own inputs change: the save status line changes every few seconds while
 * a student works, and must not re-render (or disturb a drag on) the screen.
 */
const ScreenView = memo(RendererScreenView);

const SubmitConfirm = lazy(() => import('./submit-confirm'));

const EMPTY_MEDIA = new Map();
const EMPTY_QUESTIONS = new Map();

type Blocked = Exclude<FlushResult, { ok: true }>['reason'] | 'progressFailed' | 'submitFailed';
const BLOCKED_MESSAGE: Record<Blocked, MessageKey> = {
  offline: 'studentWork.player.offlineBlocked',
  unreachable: 'studentWork.player.unreachableBlocked',
  rejected: 'studentWork.player.rejectedBlocked',
  session: 'studentWork.player.sessionBlocked',
  progressFailed: 'studentWork.player.progressFailed',
  submitFailed: 'studentWork.player.submitFailed',
};

/**
 * student_work: the attempt's screens section by section. The student moves freely among the screens of the sections
 * reached; moving past a section's last screen validates that section (000 section 5), sends every answer and asks
 * the server to open the next section; the last section ends with Submit. Answers are saved as they change.
 */
export function Player({
  view,
  screens,
  viewAskedAt,
}: {
  view: AttemptView;
  screens: PlayerScreen[];
  viewAskedAt: number;
}) {
  const questions = useMemo(() => questionsOf(screens), [screens]);
  const saver = useAnswerSaver(view, questions, viewAskedAt);
  // the header (the activity's title) shows while the answers kept on this device are read
  if (!saver.opened)
    return (
      <Flex vertical gap="middle">
        <WorkHeader view={view} />
        <PageLoader />
      </Flex>
    );
  return (
    <PlayerBody
      view={view}
      screens={screens}
      questions={questions}
      opened={saver.opened}
      durable={saver.durable}
      saveState={saver.state}
      changeAnswer={saver.changeAnswer}
      changeState={saver.changeState}
      flushAll={saver.flushAll}
    />
  );
}

function PlayerBody({
  view,
  screens,
  questions,
  opened,
  durable,
  saveState,
  changeAnswer,
  changeState,
  flushAll,
}: {
  view: AttemptView;
  screens: PlayerScreen[];
  questions: ReadonlyMap<number, Question>;
  opened: OpenedWork;
  durable: boolean;
  saveState: SaveState;
  changeAnswer: (questionId: number, value: AnswerValue) => void;
  changeState: (itemId: string, value: unknown) => void;
  flushAll: () => Promise<FlushResult>;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const attempt = view.attempt!;
  const [progress] = useProgressAttemptMutation();
  const [submit] = useSubmitAttemptMutation();
  const [answers, setAnswers] = useState<Record<number, AnswerValue>>(opened.answers);
  const [mediaState, setMediaState] = useState<ReadonlyMap<string, unknown>>(opened.states);
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // the question to focus once its screen shows (a ref and a tick: the effect runs once per request)
  const focusQuestion = useRef<number | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const screenRef = useRef<HTMLDivElement>(null);

  const section = workingSection(screens, attempt.progress_section);
  const reachable = useMemo(() => reachableScreens(screens, section), [screens, section]);
  const next = sectionAfter(screens, section);

  // the screen shown is in the address (?screen=n), so a reload comes back to it
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('screen'));
  const firstOfSection = Math.max(
    0,
    reachable.findIndex((s) => s.section === section),
  );
  const index = Number.isInteger(asked) && asked >= 1 && asked <= reachable.length ? asked - 1 : firstOfSection;
  const current = reachable[index];
  const go = useCallback(
    (i: number) => {
      void setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.set('screen', String(i + 1));
          return out;
        },
        { replace: true },
      );
      screenRef.current?.focus();
    },
    [setParams],
  );
  const isLast = index === reachable.length - 1;

  const onAnswer = useCallback(
    (questionId: number, value: AnswerValue) => {
      setAnswers((a) => ({ ...a, [questionId]: value }));
      changeAnswer(questionId, value);
      setErrors((errs) => {
        if (!errs.has(questionId)) return errs;
        const question = questions.get(questionId);
        const message = question ? validateAnswer(question, value, { mode: 'student_work', tuvaReady: true }) : null;
        const out = new Map(errs);
        if (message) out.set(questionId, message);
        else out.delete(questionId);
        return out;
      });
    },
    [changeAnswer, questions],
  );
  const onMediaState = useCallback(
    (itemId: string, value: unknown) => {
      setMediaState((m) => new Map(m).set(itemId, value));
      changeState(itemId, value);
    },
    [changeState],
  );
  const previousSubmission = useCallback(
    (questionId: number) =>
      dispatch(
        workApi.endpoints.getPreviousSubmission.initiate({ attemptId: attempt.id, questionId }, { subscribe: false }),
      ).unwrap(),
    [dispatch, attempt.id],
  );
  const mediaById = useMemo(() => new Map(view.media.map((m) => [m.id, m])), [view.media]);
  // drawing questions on a Tuva simulation that have loaded (000 section 5: 'Please wait for Tuva to load')
  const [tuvaReady, setTuvaReady] = useState<ReadonlySet<number>>(new Set());
  const onTuvaReady = useCallback((questionId: number, ready: boolean) => {
    setTuvaReady((s) => {
      if (s.has(questionId) === ready) return s;
      const out = new Set(s);
      if (ready) out.add(questionId);
      else out.delete(questionId);
      return out;
    });
  }, []);
  const validationOf = useCallback(
    (question: Question, value: AnswerValue | undefined) =>
      validateAnswer(question, value, {
        mode: 'student_work',
        media: mediaById,
        tuvaReady: tuvaReady.has(question.id),
      }),
    [mediaById, tuvaReady],
  );

  const context = useMemo<RenderContext>(
    () => ({
      mode: 'student_work',
      media: EMPTY_MEDIA,
      questions: EMPTY_QUESTIONS,
      screenSection: current?.section,
      progressSection: section,
      shuffleSeed: attempt.id,
      mediaState,
      onMediaState,
      errors,
      previousSubmission,
      onTuvaReady,
      lab: current
        ? {
            lessonId: view.activity.id,
            experimentId: `${view.activity.id}-${current.screen_id}`,
            userId: view.student.id,
            classAssignmentId: view.assignment.id,
            groupId: view.lab_group?.id,
            groupOwnerId: view.lab_group?.owner_id ?? undefined,
            groupComplete: view.lab_group?.complete,
            host: '',
          }
        : undefined,
    }),
    [current, section, attempt.id, mediaState, onMediaState, errors, previousSubmission, onTuvaReady, view],
  );

  // after showing validation messages: focus the first invalid question (its first control)
  useEffect(() => {
    const id = focusQuestion.current;
    if (id !== null && screenRef.current && focusQuestionIn(screenRef.current, id)) focusQuestion.current = null;
  }, [focusTick, index]);

  const showErrors = (found: Record<number, string>) => {
    const ids = new Set(Object.keys(found).map(Number));
    setErrors(new Map(Object.entries(found).map(([k, v]) => [Number(k), v])));
    const at = firstScreenWith(reachable, ids);
    if (at >= 0 && at !== index) go(at);
    focusQuestion.current = firstQuestionOf(reachable, ids) ?? null;
    setFocusTick((n) => n + 1);
  };

  /** Validates the section the student works in; true when every question passes. */
  const validateSection = () => {
    const found: Record<number, string> = {};
    for (const question of questionsOfSection(screens, section)) {
      const message = validationOf(question, answers[question.id]);
      if (message) found[question.id] = message;
    }
    if (Object.keys(found).length === 0) {
      setErrors(new Map());
      return true;
    }
    showErrors(found);
    return false;
  };

  /** The server's 422 names the failing questions: shown on them like the app's own messages. */
  const serverErrors = (error: unknown): boolean => {
    const body = (error as { status?: unknown; data?: { errors?: Record<string, string[]> } }) ?? {};
    if (body.status !== 422 || !body.data?.errors) return false;
    const found: Record<number, string> = {};
    for (const [key, messages] of Object.entries(body.data.errors)) {
      const id = Number(key);
      const question = questions.get(id);
      // the app's own message key where it agrees (shown in the current language), else the server's text
      if (question && messages[0]) found[id] = validationOf(question, answers[id]) ?? messages[0];
    }
    if (Object.keys(found).length === 0) return false;
    showErrors(found);
    return true;
  };

  const moveOn = async (kind: 'section' | 'submit') => {
    setBusy(true);
    setBlocked(null);
    try {
      const flushed = await flushAll();
      if (!flushed.ok) {
        setBlocked(flushed.reason);
        return;
      }
      const result =
        kind === 'section' && next !== undefined
          ? await progress({ attemptId: attempt.id, section: next })
          : await submit(attempt.id);
      if (result.error) {
        if (!serverErrors(result.error)) {
          const { status } = readError(result.error);
          setBlocked(status === undefined ? 'unreachable' : kind === 'section' ? 'progressFailed' : 'submitFailed');
        }
        return;
      }
      void dispatch(workApi.util.upsertQueryData('getAttempt', attempt.id, result.data));
      if (kind === 'section') {
        const firstNext = reachableScreens(screens, next ?? section).findIndex((s) => s.section === next);
        if (firstNext >= 0) go(firstNext);
      }
    } finally {
      setBusy(false);
    }
  };

  const onNext = () => {
    setBlocked(null);
    if (!isLast) return go(index + 1);
    if (!validateSection()) return;
    if (next !== undefined) void moveOn('section');
    else setConfirming(true);
  };

  const locked = current !== undefined && current.section < section;

  return (
    <Flex vertical gap="middle">
      <WorkHeader view={view} status={<SaveStatus state={saveState} />} />
      {!durable && <Alert type="warning" showIcon title={t('studentWork.player.notDurable')} />}
      <ScreenFrame
        screens={reachable}
        index={index}
        onSelect={go}
        navNote={
          next !== undefined && <p style={{ fontSize: 13, marginTop: 12 }}>{t('studentWork.player.laterSections')}</p>
        }
        screenRef={screenRef}
        footer={
          <Flex vertical gap="small" style={{ marginTop: 16 }}>
            {errors.size > 0 && <Alert type="error" showIcon role="alert" title={t('studentWork.player.fixErrors')} />}
            {blocked && <Alert type="warning" showIcon role="alert" title={t(BLOCKED_MESSAGE[blocked])} />}
            <Flex justify="space-between" align="center" gap="middle" wrap>
              <Button disabled={index <= 0 || busy} onClick={() => go(index - 1)}>
                {t('studentWork.player.previous')}
              </Button>
              <span>{t('studentWork.player.counter', { n: index + 1, total: reachable.length })}</span>
              <Button type="primary" loading={busy} onClick={onNext}>
                {!isLast
                  ? t('studentWork.player.next')
                  : next !== undefined
                    ? t('studentWork.player.nextSection')
                    : t('studentWork.player.submit')}
              </Button>
            </Flex>
          </Flex>
        }
      >
        {locked && (
          <Alert type="info" showIcon title={t('studentWork.player.lockedNote')} style={{ marginBottom: 16 }} />
        )}
        {current && (
          <ScreenView
            key={current.screen_id}
            screen={current}
            context={context}
            answers={answers}
            onAnswer={onAnswer}
          />
        )}
      </ScreenFrame>
      {confirming && (
        <Suspense fallback={null}>
          <SubmitConfirm
            onCancel={() => setConfirming(false)}
            onOk={() => {
              setConfirming(false);
              void moveOn('submit');
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}
