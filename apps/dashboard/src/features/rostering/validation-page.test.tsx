import { createStore } from '@aula/web/app/store.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RosterRowError } from '@aula/domain/rostering';
import type { RosterValidationReport } from './rostering.types';
import { RosterValidationPage } from './validation-page';

// /one-roster-validation against a stubbed API: the report of the minimal OneRoster sample set (the API test gets
// the same from the real zip), paging through many problems, and an archive the server refuses.

const courseAbsent = (id: string) =>
  `courseSourcedId "${id}" is not in courses.csv, which the manifest marks absent; the class is kept without a course`;

const minimalReport: RosterValidationReport = {
  version: '1.1',
  mode: 'bulk',
  files: [
    { name: 'orgs.csv', rows: 1 },
    { name: 'academicSessions.csv', rows: 5 },
    { name: 'classes.csv', rows: 2 },
    { name: 'users.csv', rows: 6 },
    { name: 'enrollments.csv', rows: 6 },
  ],
  counts: { orgs: 1, academicSessions: 5, courses: 0, classes: 2, users: 6, enrollments: 6, demographics: 0 },
  errors: [
    { file: 'classes.csv', row: 2, column: 'courseSourcedId', message: courseAbsent('crs-1'), severity: 'warning' },
    { file: 'classes.csv', row: 3, column: 'courseSourcedId', message: courseAbsent('crs-2'), severity: 'warning' },
  ],
};

function stubApi(status: number, body: unknown) {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return paths;
}

function renderPage() {
  const view = render(
    <Provider store={createStore()}>
      <App>
        <RosterValidationPage />
      </App>
    </Provider>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  const drop = (name: string) =>
    fireEvent.change(input, { target: { files: [new File(['PK'], name, { type: 'application/zip' })] } });
  return { ...view, drop };
}

afterEach(() => vi.restoreAllMocks());

describe('RosterValidationPage', () => {
  it('uploads a zip and shows its files, counts and problems', async () => {
    const calls = stubApi(200, { data: minimalReport });
    const { drop } = renderPage();
    screen.getByRole('heading', { name: 'OneRoster validation' });
    drop('Test_minimal_data_set.zip');
    await screen.findByText('Download report');
    expect(calls).toEqual(['POST /dashboard/roster/validation']);
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByText('users.csv').closest('tr')?.textContent).toBe('users.csv6');
    const counts = screen.getByRole('region', { name: 'Accepted records' });
    expect(within(counts).getByText('Enrollments').closest('tr')?.textContent).toBe('Enrollments6');
    expect(within(counts).getByText('Courses').closest('tr')?.textContent).toBe('Courses0');
    screen.getByText('Errors: 0 · Warnings: 2');
    const row = screen.getByText(courseAbsent('crs-2')).closest('tr')!;
    expect(row.textContent).toBe(`classes.csv3courseSourcedIdWarning${courseAbsent('crs-2')}`);
    fireEvent.click(screen.getByText('Check another archive'));
    await screen.findByText('Click or drag a OneRoster zip archive here');
  });

  it('pages through many problems and names a whole-file problem', async () => {
    const errors: RosterRowError[] = Array.from({ length: 45 }, (_, i) => ({
      file: 'users.csv',
      row: i + 2,
      column: 'username',
      message: `username is required (${i + 2})`,
      severity: 'error',
    }));
    errors.push({
      file: 'results.csv',
      row: null,
      column: null,
      message: 'results.csv is not read: Aula imports the roster files only',
      severity: 'warning',
    });
    stubApi(200, { data: { ...minimalReport, errors } });
    const { drop } = renderPage();
    drop('district.zip');
    await screen.findByText('username is required (2)');
    screen.getByText('Errors: 45 · Warnings: 1');
    expect(screen.queryByText('username is required (22)')).toBeNull();
    fireEvent.click(screen.getByTitle('3'));
    const whole = await screen.findByText('results.csv is not read: Aula imports the roster files only');
    expect(whole.closest('tr')?.textContent).toContain('whole file');
  });

  it('shows why the server refused the archive', async () => {
    stubApi(422, { message: 'The archive has no manifest.csv.' });
    const { drop } = renderPage();
    drop('empty.zip');
    await screen.findByText('The archive was refused');
    screen.getByText('The archive has no manifest.csv.');
  });

  it('takes only .zip files', async () => {
    const calls = stubApi(200, { data: minimalReport });
    const { drop } = renderPage();
    drop('users.csv');
    await screen.findByText('Choose a .zip file.');
    await waitFor(() => expect(calls).toEqual([]));
  });
});
