import { describe, expect, it } from 'vitest';
import { absoluteQuestionMaxWidth, deviceForWidth, spanForDevice, spanInScreen } from './grid-span';

describe('spanForDevice', () => {
  it('makes every item full width on a phone', () => {
    for (const large of [1, 6, 12, 18, 24]) expect(spanForDevice(large, 'phone')).toBe(24);
  });
  it('widens spans under 12 to 12 on a tablet and keeps wider ones', () => {
    expect(spanForDevice(4, 'tablet')).toBe(12);
    expect(spanForDevice(11, 'tablet')).toBe(12);
    expect(spanForDevice(12, 'tablet')).toBe(12);
    expect(spanForDevice(16, 'tablet')).toBe(16);
    expect(spanForDevice(24, 'tablet')).toBe(24);
  });
  it('keeps the authored span on a desktop, within 1..24', () => {
    expect(spanForDevice(8, 'desktop')).toBe(8);
    expect(spanForDevice(0, 'desktop')).toBe(1);
    expect(spanForDevice(30, 'desktop')).toBe(24);
  });
});

describe('deviceForWidth', () => {
  it('maps the window width onto phone (under md), tablet (md to lg) and desktop (lg and up)', () => {
    expect(deviceForWidth(375)).toBe('phone');
    expect(deviceForWidth(767)).toBe('phone');
    expect(deviceForWidth(768)).toBe('tablet');
    expect(deviceForWidth(991)).toBe('tablet');
    expect(deviceForWidth(992)).toBe('desktop');
    expect(deviceForWidth(1920)).toBe('desktop');
  });
});

describe('spanInScreen', () => {
  it('scales a child span by its container', () => {
    expect(spanInScreen(24, 12)).toBe(12);
    expect(spanInScreen(12, 12)).toBe(6);
    expect(spanInScreen(18, 24)).toBe(18);
    expect(spanInScreen(6, 1)).toBe(1);
  });
});

describe('absoluteQuestionMaxWidth', () => {
  it('is 440 px, 400 px below md', () => {
    expect(absoluteQuestionMaxWidth(false)).toBe(440);
    expect(absoluteQuestionMaxWidth(true)).toBe(400);
  });
});
