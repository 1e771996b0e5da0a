import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnsupportedItem } from './unsupported-item';

describe('UnsupportedItem', () => {
  it("shows 'we do not support: {type}'", () => {
    render(<UnsupportedItem type="marquee" />);
    expect(screen.getByRole('note').textContent).toBe('we do not support: marquee');
  });
});
