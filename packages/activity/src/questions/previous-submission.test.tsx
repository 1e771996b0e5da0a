import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { context, question } from '../../test/fixtures';
import type { AnswerValue, Answers, RenderContext } from '../types';
import { QuestionView } from './question-view';

const MESSAGE =
  "It looks like you've answered this question before. Would you like to load your essay from the previous submission?";
const LOADED = 'Your essay has been loaded. You can update it as needed.';
const PREVIOUS = 'Plants turn light into sugar.\nThey need water too.';

const essay = question(5, 'essay', { label: 'Explain photosynthesis' });

/** The essay in student_work, its answer kept in state the way the student app keeps it. */
function renderEssay(
  fetchPrevious: RenderContext['previousSubmission'],
  initial = '',
  over: Partial<RenderContext> = {},
  wrap = (node: React.ReactNode) => node,
) {
  // no motion: a closed modal leaves the page at once (jsdom runs no animations)
  const still = (node: React.ReactNode) => (
    <ConfigProvider theme={{ token: { motion: false } }}>{wrap(node)}</ConfigProvider>
  );
  const onAnswer = vi.fn<(id: number, value: AnswerValue) => void>();
  const ctx = context('student_work', { previousSubmission: fetchPrevious, ...over });
  const view = (answers: Answers) =>
    still(<QuestionView question={essay} context={ctx} answers={answers} onAnswer={onAnswer} />);
  const utils = render(view(initial ? { 5: { text: initial } } : {}));
  onAnswer.mockImplementation((_id, value) => utils.rerender(view({ 5: value })));
  return { ...utils, onAnswer };
}

/**
 * The open dialog with this title. (Found by its title's text: under test, rc-util gives every modal title the same
 * id, so a second modal's accessible name is the first one's.)
 */
async function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no open dialog '${title}'`);
    return found;
  });
}
const openDialog = (title: string) =>
  screen.queryAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === title);

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Explain photosynthesis' });
const bannerButton = (name: string) =>
  within(screen.getByText(MESSAGE).closest('.ant-alert')!).getByRole('button', { name });

describe("the essay's previous submission banner", () => {
  it('asks once for the previous submission and shows the banner only when a text comes back', async () => {
    const fetchPrevious = vi.fn(() => Promise.resolve(PREVIOUS));
    renderEssay(fetchPrevious);
    expect(await screen.findByText(MESSAGE)).toBeTruthy();
    expect(fetchPrevious).toHaveBeenCalledTimes(1);
    expect(fetchPrevious).toHaveBeenCalledWith(5);
    await userEvent.type(box(), 'a');
    expect(box().value).toBe('a');
    expect(fetchPrevious).toHaveBeenCalledTimes(1);
  });

  it('shows no banner without a previous submission, in a read-only essay, or on a textarea', async () => {
    const none = vi.fn(() => Promise.resolve(null));
    const { unmount } = renderEssay(none);
    await act(async () => undefined);
    expect(none).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    unmount();

    const fetchPrevious = vi.fn(() => Promise.resolve(PREVIOUS));
    const locked = renderEssay(fetchPrevious, 'Done', { submittedQuestionIds: new Set([5]) });
    await act(async () => undefined);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    locked.unmount();
    render(
      <QuestionView
        question={question(6, 'textarea')}
        context={context('student_work', { previousSubmission: fetchPrevious })}
        answers={{}}
        onAnswer={() => undefined}
      />,
    );
    render(
      <QuestionView
        question={essay}
        context={context('student_review', { previousSubmission: fetchPrevious })}
        answers={{ 5: { text: 'x' } }}
      />,
    );
    await act(async () => undefined);
    expect(fetchPrevious).not.toHaveBeenCalled();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('loads the previous text at once into an empty essay, then says so with both buttons disabled', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderEssay(() => Promise.resolve(PREVIOUS));
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    expect(onAnswer).toHaveBeenLastCalledWith(5, { text: PREVIOUS });
    expect(box().value).toBe(PREVIOUS);
    expect(await screen.findByText(LOADED)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'View' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Load' }).disabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    // once the student edits the loaded text it is no longer the loaded one
    await user.type(box(), '!');
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Load' }).disabled).toBe(false);
  });

  it('asks before replacing current text: Cancel keeps it, Load replaces it', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderEssay(() => Promise.resolve(PREVIOUS), 'My new answer');
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    const dialog = await findDialog('Load from previous submission?');
    expect(
      within(dialog).getByText(
        'Are you sure you want to load your essay from the previous submission? All unsaved text edits will be lost.',
      ),
    ).toBeTruthy();
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('700px');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(box().value).toBe('My new answer');

    await user.click(bannerButton('Load'));
    const again = await findDialog('Load from previous submission?');
    await user.click(within(again).getByRole('button', { name: 'Load' }));
    expect(onAnswer).toHaveBeenLastCalledWith(5, { text: PREVIOUS });
    expect(await screen.findByText(LOADED)).toBeTruthy();
  });

  it('views the previous submission in an 800 px modal whose content is at most half the viewport high', async () => {
    const user = userEvent.setup();
    const fetchPrevious = vi.fn(() => Promise.resolve(PREVIOUS));
    const { onAnswer } = renderEssay(fetchPrevious, 'Draft');
    await user.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await findDialog('View previous submission');
    await waitFor(() => expect(within(dialog).getByText(/Plants turn light into sugar/)).toBeTruthy());
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('800px');
    const body = dialog.querySelector<HTMLElement>('.ant-modal-body')!;
    expect([body.style.maxHeight, body.style.overflowY]).toEqual(['50vh', 'auto']);
    // View fetches the text it shows
    expect(fetchPrevious).toHaveBeenCalledTimes(2);
    await user.click(
      within(dialog.querySelector<HTMLElement>('.ant-modal-footer')!).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(openDialog('View previous submission')).toBeUndefined());

    // Load from the modal: over current text, the confirmation first
    await user.click(bannerButton('View'));
    const second = await findDialog('View previous submission');
    await waitFor(() =>
      expect(within(second).getByRole<HTMLButtonElement>('button', { name: 'Load' }).disabled).toBe(false),
    );
    await user.click(within(second).getByRole('button', { name: 'Load' }));
    const confirm = await findDialog('Load from previous submission?');
    await user.click(within(confirm).getByRole('button', { name: 'Load' }));
    expect(onAnswer).toHaveBeenLastCalledWith(5, { text: PREVIOUS });
  });

  it('hides the banner with its close control', async () => {
    const user = userEvent.setup();
    renderEssay(() => Promise.resolve(PREVIOUS));
    await screen.findByText(MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Hide this message' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
  });

  it("says 'Failed to view previous submission' and closes the modal when the view fails", async () => {
    const user = userEvent.setup();
    let fail: (e: Error) => void = () => undefined;
    const fetchPrevious = vi
      .fn()
      .mockResolvedValueOnce(PREVIOUS)
      .mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    renderEssay(fetchPrevious, 'Draft', {}, (node) => <App>{node}</App>);
    await user.click(await screen.findByRole('button', { name: 'View' }));
    // the modal opens while the text is on its way
    const view = await findDialog('View previous submission');
    expect(within(view).getByRole('status').textContent).toBe('Loading your previous submission…');
    act(() => fail(new Error('offline')));
    expect(await screen.findByText('Failed to view previous submission')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(openDialog('View previous submission')).toBeUndefined());
  });

  it("says 'Failed to load previous submission' when the load fails, and keeps the student's text", async () => {
    const user = userEvent.setup();
    const fetchPrevious = vi.fn().mockResolvedValueOnce(PREVIOUS).mockRejectedValue(new Error('offline'));
    // without AntD's App around it the banner brings its own notifications
    const { onAnswer } = renderEssay(fetchPrevious);
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    expect(await screen.findByText('Failed to load previous submission')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    expect(box().value).toBe('');
  });
});
