import type { AccountSummary } from '@aula/domain/summaries';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSummaryView } from './account-summary-view';

// The account summary's figures with the real English catalogue (the first AntD render in jsdom is slow on a busy
// machine, hence the longer timeouts): numbers as counted, and the areas not built yet
// (null on the wire) as "Not set up", never as a number.

const summary = (over: Partial<AccountSummary> = {}): AccountSummary => ({
  account: { id: 4, name: 'Riverside', type: 2, district_id: 'R-1', is_demo: false },
  licenses: null,
  stats: { teachers: 3, administrators: 1, groups: 0, assignments: 7 },
  setup: { import_processed: null, import_staged: null, license_assigned: null, license_created: null },
  totals: { classes: 12, courses: 0, schools: 2, students: 40, rostering: null },
  ...over,
});

const figure = (name: string) => screen.getByRole('group', { name }).textContent;

afterEach(cleanup);

describe('AccountSummaryView', () => {
  it('shows the counted figures, a zero as 0, and licences and rostering as not set up', () => {
    render(<AccountSummaryView summary={summary()} />);
    expect(figure('Schools')).toBe('Schools2');
    expect(figure('Classes')).toBe('Classes12');
    expect(figure('Courses')).toBe('Courses0');
    expect(figure('Students')).toBe('Students40');
    expect(figure('Assignments')).toBe('Assignments7');
    expect(figure('Rostering')).toBe('RosteringNot set up');
    expect(figure('Licences')).toBe('LicencesNot set up');
    const items = within(screen.getByRole('list', { name: 'Setup' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'A rostering import has been processedNot set up',
      'A rostering import is stagedNot set up',
      'A licence has been assignedNot set up',
      'A licence has been createdNot set up',
    ]);
    screen.getByText('Licences and rostering imports are not available yet, so they show as not set up.');
  }, 30_000);

  it('shows built flags as done or not done, and no "not available" line when all are built', () => {
    render(
      <AccountSummaryView
        summary={summary({
          setup: { import_processed: true, import_staged: false, license_assigned: true, license_created: false },
        })}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Setup' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'A rostering import has been processedDone',
      'A rostering import is stagedNot done',
      'A licence has been assignedDone',
      'A licence has been createdNot done',
    ]);
    expect(screen.queryByText(/not available yet/)).toBeNull();
  }, 30_000);
});
