import type { ContentItem, MediaItem, Question } from '@aula/domain/activity-content';
import type { AnswerValue as DomainAnswerValue, Correctness } from '@aula/domain/answers';

/** 000 section 2: activity view modes and preview devices. */
export const VIEW_MODES = ['builder_preview', 'teacher_review', 'student_review', 'student_work'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const PREVIEW_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];

/**
 * What every part of the renderer may read about the screen being shown. The renderer fetches nothing: the app
 * passes data in and receives the student's actions through callbacks.
 */
export interface RenderContext {
  mode: ViewMode;
  /** builder preview only; elsewhere the real window size decides */
  device?: PreviewDevice | undefined;
  /** the screen's media and questions by id */
  media: ReadonlyMap<number, MediaItem>;
  questions: ReadonlyMap<number, Question>;
  /** the section of the screen shown, and (student_work) the section the student has progressed to */
  screenSection?: number | undefined;
  progressSection?: number | undefined;
  /** questions with a stored (submitted) student answer: 000 section 4 makes them read-only */
  submittedQuestionIds?: ReadonlySet<number> | undefined;
  /** seeds the random_order shuffle so an attempt sees one stable order (e.g. the attempt id) */
  shuffleSeed?: number | undefined;
  /** ids of the sensor kinds connected on this device (the green or red dot) */
  connectedSensorIds?: ReadonlySet<number> | undefined;
  /** lab embed parameters (000 section 7), when the screen runs inside an assignment */
  lab?:
    | {
        lessonId: number;
        experimentId: string;
        userId: number;
        blockId?: string | undefined;
        classAssignmentId?: number | undefined;
        groupId?: number | undefined;
        groupOwnerId?: number | undefined;
        groupComplete?: boolean | undefined;
        host: string;
      }
    | undefined;
  /** saved widget state by content item id (000 section 3: screen state entries), e.g. a Tuva plot state */
  mediaState?: ReadonlyMap<string, unknown> | undefined;
  /** student_work: a widget's state changed (the app saves it as a screen state entry) */
  onMediaState?: ((itemId: string, value: unknown) => void) | undefined;

  // ---- student work and review (issue 6; docs/activity-renderer.md, "Student work and review") ----

  /**
   * student_work: validation messages by question id, as i18n keys (`ANSWER_MESSAGES` of @aula/domain/answers, what
   * `validateAnswer(s)` returns). Each is shown under its question, announced, and ties the inputs to it
   * (aria-invalid, aria-describedby). Ignored in the other modes (000 section 5).
   */
  errors?: ReadonlyMap<number, string> | undefined;
  /**
   * student_work: the essay 'previous submission' fetch (000 section 7: takes a questionId, returns a value). Called
   * once when an editable essay mounts (the banner shows only when a text comes back), and again by the banner's View
   * and Load, whose failures have their own messages (000 section 8).
   */
  previousSubmission?: ((questionId: number) => Promise<string | null>) | undefined;
  /**
   * student_work: a drawing question on a Tuva simulation reports whether it is ready (its drawing tool loaded and
   * its simulation's state received), for the app's `validateAnswer(question, value, { tuvaReady })`. Called with
   * true once ready and false when it unmounts.
   */
  onTuvaReady?: ((questionId: number, ready: boolean) => void) | undefined;
  /** student_review and teacher_review: each answered question's stored result, by question id. */
  review?: ReadonlyMap<number, QuestionReview> | undefined;
  /**
   * teacher_review: saves a teacher's score of an essay or drawing (a whole number 0..max) and, for a drawing, the
   * teacher's annotation document. Rejecting shows the error under the score; resolving shows it saved.
   */
  onGrade?: ((questionId: number, score: number, annotation?: unknown) => Promise<void>) | undefined;
}

/** A question's stored result (000 section 3, Answer) as the review modes show it. */
export interface QuestionReview {
  /** the automatic score (null for essays, drawings and textareas) */
  score: number | null;
  /** the question's maximum (null when it is not scored: textarea); @aula/domain/answers maxScore */
  max: number | null;
  /** 000 section 3: 0 incorrect, 1 correct, 2 partially correct; null until scored */
  is_correct: Correctness | null;
  /** ids of the options marked correct: shown in green */
  correct_values: number[] | null;
  /** the teacher's score of an essay or drawing (null while pending review) */
  review_score: number | null;
  /** the teacher's drawn notes over a drawing (a tldraw document of the teacher's records only) */
  annotation?: unknown;
}

/** Props every media block gets from the grid (packages/activity/src/media). */
export interface MediaBlockProps {
  item: ContentItem;
  /** undefined when the screen's media list does not hold the item's media id */
  media: MediaItem | undefined;
  /** the column span the block occupies after the device and container size are applied (1..24) */
  span: number;
  context: RenderContext;
}

/** A question's answer as the renderer reads and reports it: the domain's one definition (@aula/domain/answers). */
export type AnswerValue = DomainAnswerValue;
export type Answers = Readonly<Record<number, AnswerValue>>;
export type OnAnswer = (questionId: number, value: AnswerValue) => void;
