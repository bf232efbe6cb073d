import { describe, expect, it } from 'vitest';
import { formatEuros, formatNumber } from './numbers';

const intl = new Intl.NumberFormat('it-IT');
const intlEuros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

describe('formatNumber', () => {
  it('writes whole numbers as Intl.NumberFormat("it-IT") does', () => {
    const values: number[] = [];
    for (let n = -20_000; n <= 20_000; n += 1) values.push(n);
    for (let digits = 5; digits <= 16; digits += 1) {
      const low = 10 ** (digits - 1);
      values.push(low, low + 1, 10 * low - 1, -low, -(10 * low - 1), Math.floor(low * 1.234567));
    }
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it('hands everything else to Intl', () => {
    for (const value of [1.5, -0.25, 1234.5678, 12_345.5, -0, Number.NaN, Infinity, -Infinity, 2 ** 60, 1e21, Number.EPSILON]) {
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
    }
  });

  it('groups from five digits on, the Italian rule', () => {
    expect(formatNumber(1500)).toBe('1500');
    expect(formatNumber(12_345)).toBe('12.345');
    expect(formatNumber(1_000_000)).toBe('1.000.000');
    expect(formatNumber(-12_345)).toBe('-12.345');
  });
});

describe('formatEuros', () => {
  it('writes whole euros as Intl\'s euro format does, and hands the rest to it', () => {
    const values = [0, 5, 500, 1500, 9999, 10_000, 12_345, 1_234_567, -300, -12_345, Number.MAX_SAFE_INTEGER, 2.5, -2.5, 1234.6, -0, Number.NaN, 2 ** 60];
    for (const value of values) expect(formatEuros(value), String(value)).toBe(intlEuros.format(value));
  });
});
