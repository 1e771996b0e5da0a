import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RosterSourceDto } from '@aula/domain/rostering-sources';
import { SourceForm, type SourceFormProps } from './sources-page';

// The roster source form with the real English catalogue: stored values, the kept secret, the connection test's
// answer, and what a viewer may not do. Waits are long: AntD validates asynchronously and the machine is shared.

const stored: RosterSourceDto = {
  id: 3,
  account_id: 7,
  endpoint_url: 'https://roster.example.org',
  token_url: null,
  tenant: 'alpha',
  client_id: 'aula-client',
  has_secret: true,
  authorization_type: 'oauth2',
  sso_provider: 'clever',
  is_active: true,
  allow_automatic: true,
  schedule: '0 2 * * *',
  last_run_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

function props(over: Partial<SourceFormProps> = {}): SourceFormProps {
  return {
    source: stored,
    canEdit: true,
    busy: false,
    testing: false,
    onSave: vi.fn(() => Promise.resolve()),
    onTest: vi.fn(() => Promise.resolve({ ok: true, message: null, orgs_total: 4 })),
    onToggle: vi.fn(),
    onDelete: vi.fn(),
    onImport: vi.fn(),
    onError: vi.fn(),
    ...over,
  };
}

describe('SourceForm', () => {
  it('shows the stored settings, never a secret, and says one is kept', () => {
    render(<SourceForm {...props()} />);
    expect(screen.getByLabelText('Endpoint URL')).toHaveProperty('value', 'https://roster.example.org');
    expect(screen.getByLabelText('Client ID')).toHaveProperty('value', 'aula-client');
    expect(screen.getByLabelText('Client secret')).toHaveProperty('value', '');
    screen.getByText('A secret is stored. Leave empty to keep it.');
    screen.getByText('Last run: Never');
  });

  it('tests the connection and shows what the server said', async () => {
    const onTest = vi.fn(() =>
      Promise.resolve({ ok: false, message: 'The roster server refused the client id or secret', orgs_total: null }),
    );
    render(<SourceForm {...props({ onTest })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('The roster server refused the client id or secret', {}, { timeout: 5000 });
    // the secret left empty is not sent: the stored one is used
    expect(onTest).toHaveBeenCalledWith(expect.not.objectContaining({ client_secret: expect.anything() }));
    expect(onTest).toHaveBeenCalledWith(expect.objectContaining({ endpoint_url: 'https://roster.example.org' }));
  });

  it('counts the organizations of a working connection', async () => {
    render(<SourceForm {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Connected: the server answered with 4 organizations.', {}, { timeout: 5000 });
  });

  it('saves without a secret when it is left empty, and refuses a bad URL on the page', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<SourceForm {...props({ onSave })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        endpoint_url: 'https://roster.example.org',
        client_secret: undefined,
        tenant: 'alpha',
      }),
    );
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'ftp://nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a valid endpoint URL', {}, { timeout: 5000 });
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('a new source needs its secret', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<SourceForm {...props({ source: null, onSave })} />);
    screen.getByText('No roster source yet.');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'https://roster.example.org' } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter client secret', {}, { timeout: 5000 });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a new ClassLink source signs its requests (OAuth 1.0a) and is saved so', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<SourceForm {...props({ source: null, onSave })} />);
    screen.getByText('OAuth 2 client credentials');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), {
      target: { value: 'https://oneroster.example/{tenant}' },
    });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'key' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'secret' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'SSO provider' }));
    fireEvent.click(await screen.findByTitle('ClassLink'));
    await screen.findByText('OAuth 1.0a signed requests (HMAC-SHA256)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ sso_provider: 'classlink', authorization_type: 'oauth1', client_secret: 'secret' }),
    );
  });

  it('is read only for viewers', () => {
    render(<SourceForm {...props({ canEdit: false })} />);
    screen.getByText('You can view this source but not change it.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete source' })).toBeNull();
    expect(screen.getByLabelText('Endpoint URL')).toHaveProperty('disabled', true);
  });
});
