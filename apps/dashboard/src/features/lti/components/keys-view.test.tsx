import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LtiKeyDto } from '@aula/domain/lti';
import { KeysView, type KeysViewProps } from './keys-page';

// The LTI keys table with the real English catalogue: states, the JWKS URL, which actions each state offers.

const key = (over: Partial<LtiKeyDto>): LtiKeyDto => ({
  id: 1,
  kid: 'kid-active',
  alg: 'RS256',
  state: 'active',
  public_jwk: { kty: 'RSA', n: 'abc', e: 'AQAB', kid: 'kid-active' },
  created_at: '2026-11-01T10:00:00.000Z',
  signs_from: '2026-11-01T10:00:00.000Z',
  retires_at: null,
  published_until: null,
  deactivated_at: null,
  ...over,
});

function props(over: Partial<KeysViewProps> = {}): KeysViewProps {
  return {
    keys: [
      key({}),
      key({ id: 2, kid: 'kid-standby', state: 'standby', signs_from: null }),
      key({ id: 3, kid: 'kid-off', state: 'deactivated', deactivated_at: '2026-11-02T10:00:00.000Z' }),
    ],
    loading: false,
    error: null,
    busy: false,
    canCreate: true,
    canUpdate: true,
    canDelete: true,
    onCreate: vi.fn(),
    onRotate: vi.fn(),
    onToggle: vi.fn(),
    onDelete: vi.fn(),
    ...over,
  };
}

const row = (kid: string) => screen.getByText(kid).closest('tr')!;

describe('KeysView', () => {
  it('lists each key with its state and shows the JWKS URL', () => {
    render(<KeysView {...props()} />);
    screen.getByRole('heading', { name: 'LTI keys' });
    screen.getByText(/\/lti\/jwks$/);
    within(row('kid-active')).getByText('Signing');
    within(row('kid-standby')).getByText('Published, not signing');
    within(row('kid-off')).getByText('Deactivated');
  });

  it('offers deactivate on published keys but not the signer, and delete only once a key is unpublished', () => {
    const p = props();
    render(<KeysView {...p} />);
    expect(screen.queryByLabelText('Deactivate: kid-active')).toBeNull();
    expect(screen.queryByLabelText('Delete: kid-active')).toBeNull();
    expect(screen.queryByLabelText('Delete: kid-standby')).toBeNull();
    fireEvent.click(screen.getByLabelText('Deactivate: kid-standby'));
    expect(p.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    screen.getByLabelText('Reactivate: kid-off');
    screen.getByLabelText('Delete: kid-off');
    fireEvent.click(within(row('kid-standby')).getByText('Make next signing key'));
    expect(p.onRotate).toHaveBeenCalledWith(2);
  });

  it('rotates after confirming, and not while a rotation is pending', async () => {
    const p = props();
    const { unmount } = render(<KeysView {...p} />);
    fireEvent.click(screen.getByText('Rotate'));
    await screen.findByText(/it becomes the signing key in an hour/, {}, { timeout: 5000 });
    expect(p.onRotate).not.toHaveBeenCalled();
    const confirm = screen.getAllByText('Rotate').at(-1)!;
    fireEvent.click(confirm.closest('button')!);
    await waitFor(() => expect(p.onRotate).toHaveBeenCalledWith(), { timeout: 5000 });
    unmount();
    render(<KeysView {...props({ keys: [key({}), key({ id: 4, kid: 'kid-next', state: 'scheduled' })] })} />);
    expect(screen.getByText('Rotate').closest('button')).toHaveProperty('disabled', true);
  });

  it('shows the empty state, the error state, and no actions to viewers', () => {
    const { unmount } = render(<KeysView {...props({ keys: [] })} />);
    screen.getByText('No keys yet. Create one before registering Aula in a platform.');
    unmount();
    const r = render(<KeysView {...props({ error: 'Something went wrong. Please try again.' })} />);
    screen.getByText('Something went wrong. Please try again.');
    r.unmount();
    render(<KeysView {...props({ canCreate: false, canUpdate: false, canDelete: false })} />);
    expect(screen.queryByText('Create key')).toBeNull();
    expect(screen.queryByText('Rotate')).toBeNull();
    expect(screen.queryByText(/^(Deactivate|Reactivate|Delete|Make next signing key)$/)).toBeNull();
  });
});
