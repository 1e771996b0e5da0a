import type { LtiSetLinkDto } from '@aula/domain/lti-launch';
import { render, screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { LtiSetLinkCard } from './assignment-lti-set-page';

// The LTI assignment-set view's link card with the real English catalogue: the values an instructor pastes into an
// LMS, and the district's installations (an inactive one marked, none said so).

const link: LtiSetLinkDto = {
  assignment_set_id: 5,
  assignment_id: null,
  target_link_uri: 'https://api.aula.test/lti/launch',
  login_url: 'https://api.aula.test/lti/login',
  jwks_url: 'https://api.aula.test/lti/jwks',
  custom: { aula_assignment_set_id: '5' },
  custom_text: 'aula_assignment_set_id=5',
  deployments: [
    { id: 1, name: 'Canvas main', deployment_id: 'dep-1', platform_name: 'Canvas', is_active: true },
    { id: 2, name: null, deployment_id: 'dep-old', platform_name: 'Moodle', is_active: false },
  ],
};

describe('LtiSetLinkCard', () => {
  it('shows the launch, login and key set URLs, the custom parameters and the deployments', () => {
    render(<LtiSetLinkCard link={link} name={null} />);
    const card = screen.getByRole('region', { name: 'LTI link of the whole set' });
    within(card).getByText('Target link URI (launch URL)');
    within(card).getByText('https://api.aula.test/lti/launch');
    within(card).getByText('https://api.aula.test/lti/login');
    within(card).getByText('https://api.aula.test/lti/jwks');
    within(card).getByText('aula_assignment_set_id=5');
    within(card).getByText(/Canvas: Canvas main \(dep-1\)/);
    within(card).getByText(/Moodle: dep-old \(dep-old\)/);
    within(card).getByText('Inactive');
  });

  it('names the assignment, and says so when the district has no installation', () => {
    render(
      <LtiSetLinkCard
        link={{
          ...link,
          assignment_id: 9,
          custom: { aula_assignment_id: '9' },
          custom_text: 'aula_assignment_id=9',
          deployments: [],
        }}
        name="Week 1"
      />,
    );
    const card = screen.getByRole('region', { name: 'LTI link of Week 1' });
    within(card).getByText('aula_assignment_id=9');
    within(card).getByText('Your district has no LMS installation yet: ask your administrator to add one.');
  });
});
