import type { LanguageCode } from '@aula/domain/languages';
import { en } from '@aula/i18n/locales/en';
import { es } from '@aula/i18n/locales/es';
import { uk } from '@aula/i18n/locales/uk';
import { createI18n } from '@aula/i18n/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TargetClass, TargetGroup } from '../assignments.types';
import type { MemberKey } from '../lib/member-keys';
import { AssignToStep } from './assign-to-step';

// The assign form's 'Assign to' step: each tab counts what is chosen in it, and says so ('Classes (0 selected)', not
// 'Classes (0)', which reads as 'no classes').

const person = (id: number, first: string) => ({ id, first_name: first, last_name: 'Lee' });
const classes: TargetClass[] = [
  {
    id: 1,
    name: 'Grade 7 Science',
    account_id: 1,
    organization_id: 1,
    students: [person(11, 'Ana'), person(12, 'Ben')],
    student_ids: [11, 12],
    assigned_activity_ids: [],
  },
  {
    id: 2,
    name: 'Grade 8 Science',
    account_id: 1,
    organization_id: 1,
    students: [person(13, 'Cleo')],
    student_ids: [13],
    assigned_activity_ids: [],
  },
];
const groups: TargetGroup[] = [];

function Step() {
  const [members, setMembers] = useState<MemberKey[]>([]);
  return (
    <AssignToStep
      classes={classes}
      groups={groups}
      members={members}
      onToggle={(k, on) => setMembers((m) => (on ? [...m, k] : m.filter((x) => x !== k)))}
      studentSearch=""
      onStudentSearch={() => {}}
    />
  );
}

function renderIn(lng: LanguageCode) {
  render(
    <I18nextProvider i18n={createI18n(lng, { en, es, uk })}>
      <Step />
    </I18nextProvider>,
  );
}

const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('assign to: the tabs count what is selected', () => {
  it('says "Classes (0 selected)" and counts each class chosen', async () => {
    renderIn('en');
    expect(tabs()).toEqual(['Classes (0 selected)', 'Groups (0 selected)', 'Students (0 selected)']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Grade 7 Science/ }));
    expect(tabs()[0]).toBe('Classes (1 selected)');
    await userEvent.click(screen.getByRole('checkbox', { name: /Grade 8 Science/ }));
    expect(tabs()[0]).toBe('Classes (2 selected)');
  });

  it('says it in Spanish, with the plural of the count', async () => {
    renderIn('es');
    expect(tabs()).toEqual(['Clases (0 seleccionadas)', 'Grupos (0 seleccionados)', 'Estudiantes (0 seleccionados)']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Grade 7 Science/ }));
    expect(tabs()[0]).toBe('Clases (1 seleccionada)');
  });

  it('says it in Ukrainian', () => {
    renderIn('uk');
    expect(tabs()).toEqual(['Класи (вибрано 0)', 'Групи (вибрано 0)', 'Учні (вибрано 0)']);
  });
});
