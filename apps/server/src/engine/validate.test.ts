import { describe, expect, it } from 'vitest';
import { closed, opened, snap, bal } from './test-fixtures.ts';
import { eventProblem } from './validate.ts';

describe('eventProblem', () => {
  it('accepts well-formed events', () => {
    for (const e of [snap(1, 100, 90, 1), closed(1, 2, -5), opened(3), bal(4, -100)])
      expect(eventProblem(e)).toBeNull();
  });
  it('names the offending field', () => {
    expect(eventProblem({ ...snap(1, 100), equityCents: 1.5 })?.field).toBe('equity');
    expect(eventProblem({ ...snap(1, 100), openPositions: -1 })?.field).toBe('openPositions');
    expect(eventProblem({ ...closed(5, 10, 1), time: 5 })?.field).toBe('time');
    expect(eventProblem(closed(10, 5, 1))?.field).toBe('closeTime');
    expect(eventProblem({ ...closed(1, 2, 1), volume: 0 })?.field).toBe('volume');
    expect(eventProblem({ ...bal(1, 1), amountCents: 1e16 })?.field).toBe('amount');
  });
});
