import type { ContentItem, MediaItem, Question } from '@aula/domain/activity-content';
import type { AnswerValue as DomainAnswerValue } from '@aula/domain/answers';

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
