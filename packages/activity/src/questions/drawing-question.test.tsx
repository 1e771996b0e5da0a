import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@aula/domain/activity-content';
import { context, item, media, question } from '../../test/fixtures';
import { ScreenView } from '../screen-view';
import type { AnswerValue, Answers, QuestionReview, RenderContext } from '../types';
import type { DrawingCanvasProps } from './drawing-canvas';
import type { DrawingDocument } from './drawing-document';
import { QuestionView } from './question-view';

// The tldraw editor itself is tested in drawing-canvas.test.tsx; here a stand-in records what the question gives it.
const canvas = vi.hoisted(() => ({ mounts: [] as DrawingCanvasProps[], current: null as DrawingCanvasProps | null }));
vi.mock('./drawing-canvas', () => ({
  default: function FakeCanvas(props: DrawingCanvasProps) {
    canvas.current = props;
    useEffect(() => {
      canvas.mounts.push(props);
      props.onReady?.({} as never);
      // one mount per editor: a new key is a new editor
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div role="group" aria-label={props.label} data-readonly={props.readOnly} />;
  },
}));

afterEach(() => {
  vi.useRealTimers();
  canvas.mounts = [];
  canvas.current = null;
});

const drawing = (...ids: string[]): DrawingDocument => ({
  schema: { schemaVersion: 2 },
  store: Object.fromEntries(ids.map((id) => [id, { id, typeName: 'shape', type: 'geo', x: 0, isLocked: false }])),
});
const q = question(9, 'tldraw', { label: 'Draw the circuit' });

function renderDrawing(ctx: RenderContext, answers: Answers = {}, target: Question = q) {
  const onAnswer = vi.fn<(id: number, value: AnswerValue) => void>();
  const view = (a: Answers, c = ctx) => <QuestionView question={target} context={c} answers={a} onAnswer={onAnswer} />;
  const utils = render(view(answers));
  return { ...utils, onAnswer, rerenderWith: (a: Answers, c?: RenderContext) => utils.rerender(view(a, c)) };
}

describe('drawing answers', () => {
  it('saves the tldraw document with its image assets, and keeps the editor when its own drawing comes back', async () => {
    const { onAnswer, rerenderWith } = renderDrawing(context('student_work'));
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    const doc: DrawingDocument = {
      ...drawing('shape:a'),
      store: {
        ...drawing('shape:a').store,
        'asset:i': {
          id: 'asset:i',
          typeName: 'asset',
          type: 'image',
          props: { src: 'https://files.example.org/i.png', name: 'i.png', w: 20, h: 10 },
        },
      },
    };
    act(() => canvas.current!.onChange!(doc));
    expect(onAnswer).toHaveBeenLastCalledWith(9, {
      drawing: doc,
      assets: [
        {
          tldraw_id: 'asset:i',
          src: 'https://files.example.org/i.png',
          url: 'https://files.example.org/i.png',
          fileName: 'i.png',
          width: 20,
          height: 10,
        },
      ],
    });
    vi.useFakeTimers();
    rerenderWith({ 9: { drawing: structuredClone(doc) } });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(canvas.mounts).toHaveLength(1);
  });

  it('reinitialises the editor 200 ms after the stored drawing changes under it, and resets it 100 ms after it is gone', async () => {
    const first = drawing('shape:a');
    const { rerenderWith } = renderDrawing(context('student_work'), { 9: { drawing: first } });
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    expect(canvas.mounts[0]!.document).toEqual(first);

    vi.useFakeTimers();
    const other = drawing('shape:b');
    rerenderWith({ 9: { drawing: other } });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(canvas.mounts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(canvas.mounts).toHaveLength(2);
    expect(canvas.mounts[1]!.document).toEqual(other);

    rerenderWith({});
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(canvas.mounts).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(canvas.mounts).toHaveLength(3);
    expect(canvas.mounts[2]!.document).toBeUndefined();
  });
});

describe('a drawing on a Tuva simulation', () => {
  const tuva = { ...media(5, 'tuva'), location: 'https://my.tuvalabs.com/embed/5' };
  const onTuva = question(9, 'tldraw', { media: [5] });
  const ctx = (onTuvaReady: RenderContext['onTuvaReady']) =>
    context('student_work', { media: new Map([[5, tuva]]), onTuvaReady });
  const reply = (frame: HTMLIFrameElement) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { action: 'plotState', state: { x: 'mass' } },
          source: frame.contentWindow,
        }),
      );
    });

  it('shows the simulation and is ready once the drawing tool has loaded and the simulation has sent its state', async () => {
    const onTuvaReady = vi.fn();
    const { unmount } = renderDrawing(ctx(onTuvaReady), {}, onTuva);
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    expect(onTuvaReady).toHaveBeenLastCalledWith(9, false);
    const frame = screen.getByTitle<HTMLIFrameElement>('Media 5');
    fireEvent.load(frame);
    reply(frame);
    expect(onTuvaReady).toHaveBeenLastCalledWith(9, true);
    unmount();
    expect(onTuvaReady).toHaveBeenLastCalledWith(9, false);
  });

  it('uses the screen’s own Tuva block when the screen shows the simulation', async () => {
    const onTuvaReady = vi.fn();
    render(
      <ScreenView
        screen={{
          content: [
            {
              id: 'r1',
              columns: [item('media-tuva', 12, { media_id: 5 }), item('question-tldraw', 12, { question_id: 9 })],
            },
          ],
          questions: [onTuva],
          media: [tuva],
        }}
        context={ctx(onTuvaReady)}
        answers={{}}
        onAnswer={() => undefined}
      />,
    );
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    const frames = screen.getAllByTitle<HTMLIFrameElement>('Media 5');
    expect(frames).toHaveLength(1);
    expect(onTuvaReady).toHaveBeenLastCalledWith(9, false);
    reply(frames[0]!);
    expect(onTuvaReady).toHaveBeenLastCalledWith(9, true);
  });

  it('does not report readiness for a drawing without Tuva', async () => {
    const onTuvaReady = vi.fn();
    renderDrawing(ctx(onTuvaReady));
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    expect(onTuvaReady).not.toHaveBeenCalled();
    expect(screen.queryByTitle('Media 5')).toBeNull();
  });
});

describe('reviewing a drawing', () => {
  const studentDoc = drawing('shape:student');
  const result = (over: Partial<QuestionReview> = {}): QuestionReview => ({
    score: null,
    max: 4,
    is_correct: null,
    correct_values: [],
    review_score: null,
    ...over,
  });

  it("lets the teacher draw notes over the student's drawing and saves them with the score", async () => {
    const user = userEvent.setup();
    const onGrade = vi.fn<(id: number, score: number, annotation?: unknown) => Promise<void>>(() => Promise.resolve());
    renderDrawing(context('teacher_review', { review: new Map([[9, result()]]), onGrade }), {
      9: { drawing: studentDoc },
    });
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    expect(screen.getByText('Pending teacher review')).toBeTruthy();
    expect(
      screen.getByText(
        "Draw your notes over the student's drawing. They are saved with the score; the student's drawing does not change.",
      ),
    ).toBeTruthy();
    const shown = canvas.current!;
    expect(shown.readOnly).toBe(false);
    expect(shown.document!.store['shape:student']).toMatchObject({ isLocked: true });
    const notes = drawing('shape:note');
    act(() => shown.annotation!.onChange!(notes));
    await user.type(screen.getByRole('spinbutton', { name: 'Score' }), '3');
    await user.click(screen.getByRole('button', { name: /Save score/ }));
    expect(onGrade).toHaveBeenCalledWith(9, 3, notes);
    expect(await screen.findByText('Score saved')).toBeTruthy();
    // the notes echoed back by the page do not restart the editor
    expect(canvas.mounts).toHaveLength(1);
  });

  it('keeps notes drawn after a save when the page brings back the saved ones', async () => {
    const user = userEvent.setup();
    const onGrade = vi.fn<(id: number, score: number, annotation?: unknown) => Promise<void>>(() => Promise.resolve());
    const ctx = (r: QuestionReview) => context('teacher_review', { review: new Map([[9, r]]), onGrade });
    const { rerenderWith } = renderDrawing(ctx(result()), { 9: { drawing: studentDoc } });
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    const first = drawing('shape:n1');
    act(() => canvas.current!.annotation!.onChange!(first));
    await user.type(screen.getByRole('spinbutton', { name: 'Score' }), '2');
    await user.click(screen.getByRole('button', { name: /Save score/ }));
    const second = drawing('shape:n1', 'shape:n2');
    act(() => canvas.current!.annotation!.onChange!(second));
    // the refetch after the first save arrives
    rerenderWith({ 9: { drawing: studentDoc } }, ctx(result({ review_score: 2, annotation: structuredClone(first) })));
    await new Promise((r) => setTimeout(r, 250));
    expect(canvas.mounts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Save score/ }));
    expect(onGrade).toHaveBeenLastCalledWith(9, 2, second);
  });

  it("shows the student the teacher's notes over their drawing, read-only, with the score", async () => {
    const notes = drawing('shape:note');
    renderDrawing(
      context('student_review', { review: new Map([[9, result({ review_score: 3, annotation: notes })]]) }),
      { 9: { drawing: studentDoc } },
    );
    await waitFor(() => expect(canvas.mounts).toHaveLength(1));
    const shown = canvas.current!;
    expect(shown.readOnly).toBe(true);
    expect(shown.annotation?.onChange).toBeUndefined();
    expect(Object.keys(shown.document!.store).sort()).toEqual(['shape:note', 'shape:student']);
    expect(screen.getByText("Your teacher's notes are drawn over your drawing.")).toBeTruthy();
    expect(screen.getByText(/Score: 3 \/ 4/).textContent).toBe('◐ Partially correct · Score: 3 / 4');
    expect(screen.queryByRole('button', { name: 'Save score' })).toBeNull();
  });
});
