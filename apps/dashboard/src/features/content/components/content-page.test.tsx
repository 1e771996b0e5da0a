import { buildPolicy, permissionsForUser, type Policy } from '@aula/domain/permissions';
import type { Role } from '@aula/domain/roles';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavigationLinks } from '../../../app/main-navigation';
import { ContentAreas } from './content-page';

// The Content section as each role meets it: the main navigation's Content link (current on the library too) and the
// landing page's cards, with the real English catalogue and the policies the API builds for /my.

const policyOf = (role: Role, multiDomain = false): Policy =>
  buildPolicy(permissionsForUser({ role, permissions: null }), { multiDomain });

function renderAt(path: string, ui: ReactNode) {
  render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Content areas' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => [h.textContent, within(h).getByRole('link').getAttribute('href')]);

describe('Content landing page', () => {
  it('shows a teacher the library and the simulations, with what they are for', () => {
    renderAt('/content', <ContentAreas policy={policyOf('teacher')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Content');
    expect(cards()).toEqual([
      ['Activities', '/activities'],
      ['Simulations', '/simulations'],
    ]);
    screen.getByText(/preview an activity and assign it to your classes/);
    expect(screen.queryByRole('link', { name: 'Activity builder' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Folders' })).toBeNull();
  });

  it('shows builders the library, the activity builder, its folders, the guides they may manage, simulations and sensors; never the areas without a page', () => {
    // guides are provider content (001 section 6: only the super admin bundle holds guide)
    for (const [policy, guides] of [
      [policyOf('domain-administrator'), false],
      [policyOf('super-administrator', true), true],
    ] as const) {
      renderAt('/content', <ContentAreas policy={policy} />);
      expect(cards()).toEqual([
        ['Activities', '/activities'],
        ['Activity builder', '/activity-builder'],
        ['Folders', '/activity-builder'],
        ...(guides ? [['Guides', '/guides']] : []),
        ['Simulations', '/simulations'],
        ['Sensors', '/sensors'],
      ]);
      for (const later of ['Standards', ...(guides ? [] : ['Guides'])])
        expect(screen.queryByRole('link', { name: later })).toBeNull();
      cleanup();
    }
  });

  it('says so when no area is open to the role', () => {
    renderAt('/content', <ContentAreas policy={buildPolicy([], { multiDomain: false })} />);
    screen.getByText('No content area is open to your role.');
  });
});

describe('main navigation per role', () => {
  const links = () =>
    within(screen.getByRole('navigation', { name: 'Main navigation' }))
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('gives a teacher Content, current while they browse the library', () => {
    renderAt('/activities', <NavigationLinks policy={policyOf('teacher')} />);
    expect(links()).toEqual(['Home', 'Dashboard', 'Content', 'Assignments', 'Groups', 'Reports', 'PAS', 'Rewards']);
    const content = screen.getByRole('link', { name: 'Content' });
    expect(content.getAttribute('href')).toBe('/content');
    expect(content.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps Content current in the builder for a domain admin, and not in the assign flow', () => {
    renderAt('/activity-builder/12', <NavigationLinks policy={policyOf('domain-administrator')} />);
    expect(links()).toContain('Content');
    expect(screen.getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    renderAt('/assign', <NavigationLinks policy={policyOf('domain-administrator')} />);
    expect(screen.getByRole('link', { name: 'Content' }).getAttribute('aria-current')).toBeNull();
  });

  it('has no Content for a role without activities', () => {
    const reporter = buildPolicy(permissionsForUser({ role: 'custom', permissions: ['quick-report-view'] }), {
      multiDomain: false,
    });
    renderAt('/', <NavigationLinks policy={reporter} />);
    expect(links()).not.toContain('Content');
  });
});
