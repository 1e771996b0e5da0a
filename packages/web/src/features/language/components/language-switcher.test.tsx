// in the dom project (jsdom, the build-time app name 'dashboard')

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { createStore } from '../../../app/store';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { LanguageSwitcher } from './language-switcher';

// The menu's code (AntD's Dropdown and Menu) loads after the page has shown, or when the button is pressed first.

afterEach(async () => {
  await changeLanguage('en');
});

describe('the language switcher', () => {
  it('shows its button at once; pressing it before the menu loaded opens the menu, and a choice applies', async () => {
    const user = userEvent.setup();
    render(
      <Providers store={createStore()}>
        <LanguageSwitcher />
      </Providers>,
    );
    const button = screen.getByTestId('language-switcher');
    expect(button.getAttribute('aria-label')).toBe('Language: English');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Español', 'Українська']);
    await user.click(within(menu).getByText('Español'));
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(screen.getByTestId('language-switcher').getAttribute('aria-label')).toMatch(/Español$/);
  });
});
