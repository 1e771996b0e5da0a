import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DrawingCanvas from './drawing-canvas';
import { setTldrawLicenseKey } from './tldraw-licence';

// tldraw itself stands in for a stub that shows the licence key it was given
vi.mock('tldraw', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  Tldraw: ({ licenseKey }: { licenseKey?: string }) => <div data-testid="tldraw" data-license-key={licenseKey ?? ''} />,
}));

afterEach(() => setTldrawLicenseKey(null));

const canvas = () => <DrawingCanvas document={undefined} readOnly={false} label="Drawing area" />;

describe("the drawing editor's licence key", () => {
  it('passes the key the app set from its runtime configuration to tldraw', () => {
    setTldrawLicenseKey('tldraw-2026-abc');
    render(canvas());
    expect(screen.getByTestId('tldraw').getAttribute('data-license-key')).toBe('tldraw-2026-abc');
  });

  it('passes none when the server has none (development, localhost)', () => {
    setTldrawLicenseKey(null);
    render(canvas());
    expect(screen.getByTestId('tldraw').getAttribute('data-license-key')).toBe('');
  });
});
