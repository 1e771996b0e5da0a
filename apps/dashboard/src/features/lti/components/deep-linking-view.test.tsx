import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LtiDeepLinkPickerDto } from '@aula/domain/lti-launch';
import { DeepLinkingView, type DeepLinkingViewProps } from './deep-linking-page';

// The deep-linking picker with the real English catalogue: what it offers, one or several choices, the points, and
// the signed answer posted to the platform in a form.

const picker = (over: Partial<LtiDeepLinkPickerDto> = {}): LtiDeepLinkPickerDto => ({
  id: 7,
  platform: 'Canvas',
  accept_multiple: true,
  title: null,
  activities: [
    { id: 1, title: 'Cells', shared: false },
    { id: 2, title: 'Photosynthesis', shared: true },
  ],
  assignment_sets: [{ id: 5, name: 'Unit 1', assignments_count: 3 }],
  ...over,
});

function props(over: Partial<DeepLinkingViewProps> = {}): DeepLinkingViewProps {
  return {
    picker: picker(),
    sending: false,
    error: null,
    reply: null,
    onAnswer: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('DeepLinkingView', () => {
  it('lists the offered activities (shared ones marked) and adds the chosen ones with the points', async () => {
    const onAnswer = vi.fn(() => Promise.resolve());
    render(<DeepLinkingView {...props({ onAnswer })} />);
    screen.getByRole('heading', { name: 'Choose Aula content' });
    screen.getByText('Pick the activities to add to your course in Canvas. Each becomes a graded link.');
    screen.getByText('Shared catalog');
    const add = () => screen.getByRole('button', { name: /^Add \d+ activit/ });
    expect((add() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Cells/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Photosynthesis/ }));
    expect(add().textContent).toBe('Add 2 activities');
    fireEvent.change(screen.getByLabelText('Points possible'), { target: { value: '20' } });
    fireEvent.click(add());
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith([1, 2], 20, []));
  });

  it('takes one activity when the platform accepts one; Cancel answers with none', async () => {
    const onAnswer = vi.fn(() => Promise.resolve());
    render(<DeepLinkingView {...props({ onAnswer, picker: picker({ accept_multiple: false }) })} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Cells/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Photosynthesis/ }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Cells/ }).checked).toBe(false);
    screen.getByRole('button', { name: 'Add 1 activity' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith([], 100, []));
  });

  it('offers the district’s assignment sets on their own tab; one item in all when the platform takes one', async () => {
    const onAnswer = vi.fn(() => Promise.resolve());
    render(<DeepLinkingView {...props({ onAnswer, picker: picker({ accept_multiple: false }) })} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Cells/ }));
    fireEvent.click(screen.getByRole('tab', { name: 'Assignment sets' }));
    await screen.findByText('A set becomes one link: each learner goes on to the set’s next open assignment.');
    screen.getByText('Assignments: 3');
    fireEvent.click(screen.getByRole('checkbox', { name: /Unit 1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 item' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith([], 100, [5]));
  });

  it('says so when the district has no assignment sets', async () => {
    render(<DeepLinkingView {...props({ picker: picker({ assignment_sets: [] }) })} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Assignment sets' }));
    await screen.findByText('Your district has no assignment sets yet.');
  });

  it('says so when the district has nothing published', () => {
    render(<DeepLinkingView {...props({ picker: picker({ activities: [] }) })} />);
    screen.getByText('Your district has no published activities yet.');
  });

  it('posts the signed answer to the platform’s return URL', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    render(
      <DeepLinkingView {...props({ reply: { return_url: 'https://lms.example/deep-link-return', jwt: 'a.b.c' } })} />,
    );
    const form = screen.getByTestId<HTMLFormElement>('lti-return-form');
    expect(form.getAttribute('action')).toBe('https://lms.example/deep-link-return');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector<HTMLInputElement>('input[name="JWT"]')!.value).toBe('a.b.c');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    screen.getByRole('status');
  });
});
