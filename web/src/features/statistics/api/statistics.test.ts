import { describe, expect, it } from 'vitest';
import { changeInPercent, perHundredVisitors, periodOf, periodProblem } from './statistics';

describe('statistics periods and ratios', () => {
  const custom = { from: '2026-01-01', to: '2026-01-31' };

  it('ends the chosen period today, with the days it names', () => {
    expect(periodOf('7d', '2026-11-25', custom)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(periodOf('30d', '2026-03-01', custom)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodOf('12m', '2026-11-25', custom)).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(periodOf('custom', '2026-11-25', custom)).toBe(custom);
  });

  it('finds a period the server would refuse before asking: reversed, before 2000, longer than 800 days', () => {
    expect(periodProblem({ from: '2026-10-01', to: '2026-10-31' })).toBeUndefined();
    expect(periodProblem({ from: '', to: '2026-10-31' })).toBe('invalid');
    expect(periodProblem({ from: '2026-10-02', to: '2026-10-01' })).toBe('invalid');
    expect(periodProblem({ from: '0000-01-01', to: '0000-01-01' })).toBe('tooEarly');
    expect(periodProblem({ from: '2000-01-01', to: '2000-01-01' })).toBeUndefined();
    expect(periodProblem({ from: '2024-01-01', to: '2026-03-10' })).toBeUndefined();
    expect(periodProblem({ from: '2024-01-01', to: '2026-03-11' })).toBe('tooLong');
  });

  it('gives inquiries per 100 visitors and the change against before, nothing where it cannot', () => {
    expect(perHundredVisitors(3, 250)).toBe(1.2);
    expect(perHundredVisitors(3, 0)).toBeUndefined();
    expect(changeInPercent(150, 100)).toBe(50);
    expect(changeInPercent(50, 100)).toBe(-50);
    expect(changeInPercent(5, 0)).toBeUndefined();
  });
});
