import { describe, expect, it } from 'vitest';
import { COUNTDOWN_SPAN_MS, countdownTarget, pad2, remainingUntil } from './countdown';

const LOAD = Date.UTC(2026, 2, 1, 8, 30, 0);

describe('countdown', () => {
  it('targets 30 days after load', () => {
    expect(countdownTarget(LOAD) - LOAD).toBe(30 * 24 * 3600 * 1000);
    expect(COUNTDOWN_SPAN_MS).toBe(2_592_000_000);
  });

  it('shows 30 days at load', () => {
    expect(remainingUntil(countdownTarget(LOAD), LOAD)).toEqual({ days: 30, hours: 0, minutes: 0, seconds: 0, done: false });
  });

  it('splits the time left into days, hours, minutes and seconds', () => {
    const target = countdownTarget(LOAD);
    expect(remainingUntil(target, LOAD + 1000)).toEqual({ days: 29, hours: 23, minutes: 59, seconds: 59, done: false });
    const later = LOAD + ((2 * 24 + 5) * 3600 + 7 * 60 + 30) * 1000;
    expect(remainingUntil(target, later)).toEqual({ days: 27, hours: 18, minutes: 52, seconds: 30, done: false });
  });

  it('rounds partial seconds up so the last second is still shown', () => {
    const target = countdownTarget(LOAD);
    expect(remainingUntil(target, target - 400).seconds).toBe(1);
  });

  it('stops at zero and never goes negative', () => {
    const target = countdownTarget(LOAD);
    expect(remainingUntil(target, target)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(remainingUntil(target, target + 60_000).done).toBe(true);
  });

  it('pads cells to two digits', () => {
    expect(pad2(7)).toBe('07');
    expect(pad2(23)).toBe('23');
  });
});
