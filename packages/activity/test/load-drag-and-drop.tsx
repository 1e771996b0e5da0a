import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { QuestionView } from '../src/questions/question-view';
import { context, option, question } from './fixtures';

/**
 * The drag-and-drop question's code loads on demand (React.lazy in question-view.tsx). Rendering one once and
 * waiting for it lets the tests of a file render the question at once, as they did before.
 */
export async function loadDragAndDrop(): Promise<void> {
  const { unmount } = render(
    <QuestionView
      question={question(1, 'drag-and-drop', { options: [option(11, 'a')] })}
      context={context('student_work')}
    />,
  );
  await waitFor(() => expect(screen.queryByText('Loading the answer choices…')).toBeNull());
  unmount();
}
