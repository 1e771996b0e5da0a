import {
  PERMISSIONS,
  PERMISSION_DEFINITIONS,
  ROLE_BUNDLES,
  buildPolicy,
  type Permission,
} from '@aula/domain/permissions';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NavigationLinks } from '../../../app/main-navigation';
import type { CatalogueEntry } from '../roles.types';
import { GrantsSummary } from './grants-summary';
import { PermissionPicker } from './permission-picker';

// The role form's permission list and grants grid with the real English catalogue, and the menu a holder of a
// one-permission custom role gets (the same NavigationLinks the layout renders).

const entries: CatalogueEntry[] = PERMISSIONS.map((name) => ({
  name,
  description: PERMISSION_DEFINITIONS[name].description,
  rules: PERMISSION_DEFINITIONS[name].rules,
  multi_domain_only: PERMISSION_DEFINITIONS[name].rules.domain?.multi_domain_only === true,
  bundle: (ROLE_BUNDLES as readonly Permission[]).includes(name),
  grantable: true,
}));

describe('PermissionPicker', () => {
  // generous: jsdom is slow on a shared machine
  it('groups permissions by resource, says what each grants, and reports the chosen names', { timeout: 30_000 }, () => {
    const onChange = vi.fn();
    // a few permissions of the catalogue: role queries over all 31 are slow in jsdom
    const some = entries.filter((e) =>
      ['account-management', 'account-view', 'domain-management', 'product-management', 'role-teacher'].includes(
        e.name,
      ),
    );
    render(<PermissionPicker entries={some} value={['account-view']} onChange={onChange} />);
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect([...accounts.querySelectorAll('input[type=checkbox]')].map((c) => c.getAttribute('value'))).toEqual([
      'account-management',
      'account-view',
    ]);
    within(accounts).getByText('View accounts.');
    expect(accounts.querySelector('input[value="account-view"]')).toHaveProperty('checked', true);
    const products = screen.getByRole('region', { name: 'Products' });
    expect(within(products).getByText(/^Grants:/).textContent).toBe(
      'Grants: View, Create, Update, Delete — Products; View — Home',
    );
    screen.getByRole('region', { name: 'Role bundles' });
    within(screen.getByRole('region', { name: 'Domains' })).getByText('Multi-domain only');

    fireEvent.click(products.querySelector('input[value="product-management"]')!);
    expect(onChange).toHaveBeenLastCalledWith(['account-view', 'product-management']);
  });
});

describe('GrantsSummary', () => {
  it('shows the resource-by-action grid of the chosen permissions, or says to choose one', { timeout: 30_000 }, () => {
    render(<GrantsSummary selected={['account-view', 'pas-management']} multiDomain={false} />);
    const rows = within(screen.getByRole('region', { name: 'What this role grants' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.firstElementChild?.getAttribute('aria-label') ?? c.textContent),
      );
    expect(rows).toEqual([
      ['Home', 'Yes', 'No', 'No', 'No'],
      ['Accounts', 'Yes', 'No', 'No', 'No'],
      ['PAS plans', 'Yes', 'Yes', 'Yes', 'Yes'],
    ]);
    cleanup();
    render(<GrantsSummary selected={[]} multiDomain={false} />);
    screen.getByText('Choose at least one permission to see what the role grants.');
  });
});

describe('the menu of a one-permission custom role', () => {
  const links = (permission: Permission) => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <NavigationLinks policy={buildPolicy([permission], { multiDomain: false })} />
      </MemoryRouter>,
    );
    const out = within(screen.getByRole('navigation', { name: 'Main navigation' }))
      .getAllByRole('link')
      .map((a) => a.textContent);
    cleanup();
    return out;
  };

  it('is Home and the one section the permission opens', () => {
    expect(links('product-management')).toEqual(['Home', 'Products']);
    expect(links('pas-view')).toEqual(['Home', 'PAS']);
    expect(links('account-view')).toEqual(['Home', 'Accounts']);
    expect(links('organization-management')).toEqual(['Home', 'Organizations']);
    expect(links('permission-role-management')).toEqual(['Home']);
  });
});
