import { describe, expect, it } from 'vitest';
import { changeInPercent, perHundredVisitors, periodOf } from './get-statistics';

describe('statistics periods and ratios', () => {
  const custom = { from: '2026-01-01', to: '2026-01-31' };

  it('ends the chosen period today, with the days it names', () => {
    expect(periodOf('7d', '2026-11-25', custom)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(periodOf('30d', '2026-03-01', custom)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodOf('12m', '2026-11-25', custom)).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(periodOf('custom', '2026-11-25', custom)).toBe(custom);
  });

  it('gives inquiries per 100 visitors and the change against before, nothing where it cannot', () => {
    expect(perHundredVisitors(3, 250)).toBe(1.2);
    expect(perHundredVisitors(3, 0)).toBeUndefined();
    expect(changeInPercent(150, 100)).toBe(50);
    expect(changeInPercent(50, 100)).toBe(-50);
    expect(changeInPercent(5, 0)).toBeUndefined();
  });
});
