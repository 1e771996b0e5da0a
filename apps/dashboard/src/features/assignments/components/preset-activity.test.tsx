import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PresetActivityNotice } from './preset-activity';

// What the assign flow says under its heading when it was opened from the library's Assign (/assign?activity=).

describe('PresetActivityNotice', () => {
  it('names the activity chosen from the library', () => {
    render(<PresetActivityNotice preset={{ chosen: { id: 3, title: 'Cells' } }} />);
    screen.getByText('Activity chosen from the library: Cells. You can add more on the Activities step.');
  });

  it('says why a draft or archived activity is not chosen, and when the link names none the user may read', () => {
    const { rerender } = render(<PresetActivityNotice preset={{ refused: { title: 'Cells draft' } }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Cells draft cannot be assigned: only published activities that are not archived can be.',
    );
    rerender(<PresetActivityNotice preset={{ refused: { title: null } }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'The activity in this link was not found, so none is chosen yet.',
    );
  });

  it('says nothing for a flow opened without an activity', () => {
    const { container } = render(<PresetActivityNotice preset={{}} />);
    expect(container.textContent).toBe('');
  });
});
