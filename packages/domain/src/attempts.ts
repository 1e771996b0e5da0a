import { z } from 'zod';
import type { MediaItem, ContentRow, Question } from './activity-content.ts';
import { answerWireValueSchema, type AnswerSummary, type AnswerWireValue, type Correctness } from './answers.ts';

// Issue 6: the attempts API contract, shared by the API (modules/attempts), the student app (features/work) and the
// dashboard (features/review). Paths are written once here; payloads are snake_case on the wire.

/** in_progress until the student submits; submitted attempts are shown in student_review. */
export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
/** A student's progress on one activity of an assignment, as teachers see it. */
export const PROGRESS_STATUSES = ['not_started', 'in_progress', 'submitted'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** Save debounce in the student app: an answer is sent this long after the student stops changing it. */
export const ANSWER_SAVE_DEBOUNCE_MS = 800;
/** Most answers or widget states one save call may carry (an offline queue is flushed in batches of this size). */
export const SAVE_BATCH_MAX = 100;

export const ATTEMPT_PATHS = {
  // student app (scope student)
  /** POST: start or resume the signed-in student's attempt at one activity of an assignment -> AttemptView */
  start: (assignmentId: number, activityId: number) =>
    `/student/assignments/${assignmentId}/activities/${activityId}/attempt`,
  /** GET -> AttemptView */
  attempt: (attemptId: number) => `/student/attempts/${attemptId}`,
  /** POST SaveAnswersInput -> { data: { saved: SavedAnswer[] } } */
  answers: (attemptId: number) => `/student/attempts/${attemptId}/answers`,
  /** POST SaveStatesInput -> { data: { saved: { id, revision }[] } } */
  states: (attemptId: number) => `/student/attempts/${attemptId}/states`,
  /** POST ProgressInput -> AttemptView; 422 with the failing questions' messages when a section before is incomplete */
  progress: (attemptId: number) => `/student/attempts/${attemptId}/progress`,
  /** POST -> AttemptView (now submitted, with scores); 422 as progress */
  submit: (attemptId: number) => `/student/attempts/${attemptId}/submit`,
  /** GET ?questionId=N -> { data: { value: string | null } } (000 section 7) */
  previousSubmission: (attemptId: number) => `/student/attempts/${attemptId}/previous-submission`,
  // dashboard (scope dashboard, resource 'assignment')
  /** GET -> AssignmentProgress (view) */
  progressOf: (assignmentId: number) => `/dashboard/assignments/${assignmentId}/progress`,
  /** POST StudentPreviewInput -> AttemptView (view): 001 section 7 student preview */
  studentPreview: (assignmentId: number, studentId: number) =>
    `/dashboard/assignments/${assignmentId}/students/${studentId}/preview`,
  /** POST GradeAnswerInput -> GradeResult (update) */
  gradeAnswer: (attemptId: number) => `/dashboard/attempts/${attemptId}/grade-answer`,
  /** POST GradeScreensInput -> GradeResult (update): several screens of one student's attempt */
  gradeScreens: (attemptId: number) => `/dashboard/attempts/${attemptId}/grade-screens`,
  /** POST GradeAnswersInput -> { data: GradeResult['data'][] } (update): one screen's answers across students */
  gradeAnswers: (assignmentId: number) => `/dashboard/assignments/${assignmentId}/grade-answers`,
} as const;

const id = z.number().int().positive().max(2_147_483_647);
/** A client's revision of an answer: it only ever grows (the app uses a per-device counter seeded by the clock). */
const revision = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const saveAnswersSchema = z.object({
  answers: z
    .array(z.object({ question_id: id, value: answerWireValueSchema, revision }))
    .min(1)
    .max(SAVE_BATCH_MAX),
});
export type SaveAnswersInput = z.infer<typeof saveAnswersSchema>;

export const saveStatesSchema = z.object({
  states: z
    .array(z.object({ id: z.string().min(1).max(100), value: z.unknown(), revision }))
    .min(1)
    .max(SAVE_BATCH_MAX),
});
export type SaveStatesInput = z.infer<typeof saveStatesSchema>;

/** Move on to a section: the sections before it must be complete (000 section 5), and it cannot go back. */
export const progressSchema = z.object({ section: z.number().int().min(1).max(1000) });
export type ProgressInput = z.infer<typeof progressSchema>;

export const previousSubmissionQuerySchema = z.object({ questionId: z.coerce.number().int().positive() });

/** 001 section 7: student preview (student_id and assignment_id in the path; type and activity_id in the body). */
export const STUDENT_PREVIEW_TYPES = ['teacher_review', 'student_review'] as const;
export const studentPreviewSchema = z.object({ type: z.enum(STUDENT_PREVIEW_TYPES), activity_id: id });
export type StudentPreviewInput = z.infer<typeof studentPreviewSchema>;

const scoreSchema = z.number().int().min(0).max(1000);
/** A teacher's drawn notes over a student's drawing (a tldraw document); the student's own drawing is kept apart. */
const annotationSchema = z.unknown().optional();
export const gradeAnswerSchema = z.object({ question_id: id, score: scoreSchema, annotation: annotationSchema });
export type GradeAnswerInput = z.infer<typeof gradeAnswerSchema>;
export const gradeScreensSchema = z.object({
  screens: z
    .array(z.object({ screen_id: id, answers: z.array(z.object({ question_id: id, score: scoreSchema })).min(1) }))
    .min(1)
    .max(200),
});
export type GradeScreensInput = z.infer<typeof gradeScreensSchema>;
export const gradeAnswersSchema = z.object({
  activity_id: id,
  screen_id: id,
  answers: z
    .array(z.object({ student_id: id, question_id: id, score: scoreSchema }))
    .min(1)
    .max(1000),
});
export type GradeAnswersInput = z.infer<typeof gradeAnswersSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** One renderable screen of the pinned activity version (the same shape as the builder's previews). */
export interface AttemptScreen {
  screen_id: number;
  version_id: number;
  section: number;
  content: ContentRow[];
  questions: Question[];
  media: number[];
  sensors: number[];
}

/** 000 section 3: Answer (and screen answers' section_id). Scores are null for a student until they submit. */
export interface AttemptAnswer {
  question_id: number;
  screen_id: number;
  section_id: number;
  value: AnswerWireValue;
  revision: number;
  saved_at: string;
  score: number | null;
  is_correct: Correctness | null;
  correct_values: number[] | null;
  review: { score: number | null; annotation?: unknown; reviewed_at: string | null } | null;
}

export interface SavedAnswer {
  question_id: number;
  /** the revision the server now holds (greater than the one sent when a newer save got there first) */
  revision: number;
  saved_at: string;
}

export interface AttemptView {
  attempt: {
    id: number;
    assignment_id: number;
    activity_id: number;
    student_id: number;
    status: AttemptStatus;
    progress_section: number;
    /** the highest section of the activity */
    sections: number;
    started_at: string;
    submitted_at: string | null;
  } | null;
  activity: { id: number; title: string };
  assignment: { id: number; name: string; due_at: string | null };
  student: { id: number; name: string };
  screens: AttemptScreen[];
  media: MediaItem[];
  answers: AttemptAnswer[];
  /** 000 section 3: screen state entries (e.g. a Tuva plot state) */
  states: { id: string; value: unknown }[];
  /** null for a student while the attempt is in progress */
  summary: AnswerSummary | null;
  /**
   * The student's lab group for this assignment (Vernier's groupid, groupOwnerId and groupComplete, 000 section 7):
   * complete once every member has started the activity. null without one.
   */
  lab_group: { id: number; owner_id: number | null; complete: boolean } | null;
}

export interface StudentProgress {
  activity_id: number;
  attempt_id: number | null;
  status: ProgressStatus;
  progress_section: number;
  answered: number;
  questions_number: number;
  correct_answers: number;
  need_review: number;
  last_saved_at: string | null;
}

export interface AssignmentProgress {
  assignment: { id: number; name: string; start_at: string; due_at: string | null };
  activities: { id: number; title: string; sections: number; questions: number }[];
  students: { id: number; name: string; activities: StudentProgress[] }[];
}

export interface GradeResult {
  data: {
    attempt_id: number;
    /** the (first) answer graded */
    answer: AttemptAnswer;
    summary: AnswerSummary;
    /** every answer the call graded, in the order given (grade screens grades several) */
    answers?: AttemptAnswer[];
  };
}

/** Real-time payloads (REALTIME_EVENTS.attemptProgress to the assignment's channel; attemptGraded to the student). */
export interface AttemptProgressEvent {
  assignment_id: number;
  student_id: number;
  progress: StudentProgress;
}
export interface AttemptGradedEvent {
  attempt_id: number;
  assignment_id: number;
  activity_id: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Pseudonyms for projecting ('hide names')

/**
 * A stable pseudonym code for a student within an assignment: the same every time the page is opened, different
 * between assignments so codes cannot be matched across them. Shown as 'Student {{code}}'.
 */
export function pseudonymCode(studentId: number, assignmentId: number): string {
  // FNV-1a over both ids, then four letters from an alphabet without look-alikes
  let h = 0x811c9dc5;
  for (const n of [studentId, assignmentId, studentId ^ 0x5bd1e995]) {
    for (let i = 0; i < 4; i += 1) {
      h ^= (n >>> (i * 8)) & 0xff;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let code = '';
  for (let i = 0; i < 4; i += 1) {
    code += alphabet[h % alphabet.length];
    h = Math.floor(h / alphabet.length);
  }
  return code;
}
