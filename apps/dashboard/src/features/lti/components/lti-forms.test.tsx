import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeploymentForm, type DeploymentFormProps } from './deployment-form';
import { PlatformForm } from './platform-form';

// The platform and deployment forms with the real English catalogue: the API's rules checked on the page, the API's
// 422 shown on its field, nothing sent when a field is wrong. Waits are long: AntD validates asynchronously.

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rejected422 = (errors: Record<string, string[]>) => ({ status: 422, data: { errors } });

describe('PlatformForm', () => {
  it('refuses a bad URL on the page and sends nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<PlatformForm platform={null} canEdit busy={false} onSave={onSave} onCancel={vi.fn()} />);
    fill('Name', 'Canvas');
    fill('Issuer', 'https://canvas.instructure.com');
    fill('Client ID', '10000000000001');
    fill('Key set URL', 'ftp://canvas.example.test/jwks');
    fill('Access token URL', 'https://canvas.example.test/token');
    fill('OIDC auth URL', 'https://canvas.example.test/auth');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a valid key set URL', {}, { timeout: 5000 });
    expect(onSave).not.toHaveBeenCalled();

    fill('Key set URL', 'https://canvas.example.test/jwks');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onSave).toHaveBeenCalledWith({
      name: 'Canvas',
      issuer: 'https://canvas.instructure.com',
      client_id: '10000000000001',
      key_set_url: 'https://canvas.example.test/jwks',
      access_token_url: 'https://canvas.example.test/token',
      oidc_auth_url: 'https://canvas.example.test/auth',
    });
  });

  it('shows the API’s duplicate issuer + client ID under the client ID', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(rejected422({ client_id: ['A platform with this issuer and client ID already exists.'] }));
    render(
      <PlatformForm
        platform={{
          id: 1,
          name: 'Canvas',
          issuer: 'https://canvas.instructure.com',
          client_id: 'c',
          key_set_url: 'https://a.test/jwks',
          access_token_url: 'https://a.test/token',
          oidc_auth_url: 'https://a.test/auth',
          deployments_count: 0,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        }}
        canEdit
        busy={false}
        onSave={onSave}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('A platform with this issuer and client ID already exists.', {}, { timeout: 5000 });
  });

  it('is read only without update', () => {
    render(<PlatformForm platform={null} canEdit={false} busy={false} onSave={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText('Issuer')).toHaveProperty('disabled', true);
  });
});

function deploymentProps(over: Partial<DeploymentFormProps> = {}): DeploymentFormProps {
  return {
    deployment: null,
    platformId: 5,
    platforms: [{ id: 5, name: 'Moodle' }],
    accounts: [{ id: 7, name: 'Alpha District' }],
    onSearchAccounts: vi.fn(),
    canEdit: true,
    busy: false,
    onSave: vi.fn(() => Promise.resolve()),
    onCancel: vi.fn(),
    ...over,
  };
}

describe('DeploymentForm', () => {
  it('needs a deployment ID and a district before it sends anything', async () => {
    const p = deploymentProps();
    render(<DeploymentForm {...p} />);
    screen.getByText('Moodle');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter deployment ID', {}, { timeout: 5000 });
    await screen.findByText('Please select account', {}, { timeout: 5000 });
    expect(p.onSave).not.toHaveBeenCalled();
  });

  it('shows a duplicate deployment ID on its field and other failures above the form', async () => {
    const stored = {
      id: 9,
      platform_id: 5,
      platform_name: 'Moodle',
      issuer: 'https://moodle.example.test',
      client_id: 'm',
      deployment_id: '1',
      account_id: 7,
      account_name: 'Alpha District',
      name: null,
      is_catalog: false,
      is_active: true,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    };
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        rejected422({ deployment_id: ['This platform already has a deployment with this deployment ID.'] }),
      )
      .mockRejectedValueOnce({ status: 500, data: {} });
    render(<DeploymentForm {...deploymentProps({ deployment: stored, onSave })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This platform already has a deployment with this deployment ID.', {}, { timeout: 5000 });
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ platform_id: 5, deployment_id: '1', account_id: 7, name: null, is_active: true }),
    );
    fill('Deployment ID', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Something went wrong. Please try again.', {}, { timeout: 5000 });
  });
});
