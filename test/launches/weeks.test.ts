import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import {
  addWeeks,
  mondayOf,
  parseDate,
  resolveWeek,
  sundayOf,
  weekKind,
  weekStartsAt,
} from '../../src/launches/weeks.js';

const sunday = new Date('2026-11-22T12:00:00.000Z');

describe('weeks', () => {
  it('snaps every day of a week to its Monday, in UTC', () => {
    expect(mondayOf(new Date('2026-11-16T00:00:00.000Z'))).toBe('2026-11-16');
    expect(mondayOf(new Date('2026-11-18T13:00:00.000Z'))).toBe('2026-11-16');
    expect(mondayOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-16');
    expect(mondayOf(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    // Across a year boundary
    expect(mondayOf(new Date('2027-01-01T08:00:00.000Z'))).toBe('2026-12-28');
  });

  it('steps weeks and names their first and last days', () => {
    expect(addWeeks('2026-11-16', 1)).toBe('2026-11-23');
    expect(addWeeks('2026-11-16', -1)).toBe('2026-11-09');
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(sundayOf('2026-11-16')).toBe('2026-11-22');
    expect(weekStartsAt('2026-11-16').toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('resolves this, next, last and dates against now', () => {
    expect(resolveWeek('this', sunday)).toBe('2026-11-16');
    expect(resolveWeek('next', sunday)).toBe('2026-11-23');
    expect(resolveWeek('last', sunday)).toBe('2026-11-09');
    expect(resolveWeek('THIS', sunday)).toBe('2026-11-16');
    expect(resolveWeek('2026-11-19', sunday)).toBe('2026-11-16');
    expect(resolveWeek('2024-02-29', sunday)).toBe('2024-02-26');
  });

  it('tells past, current and future weeks apart', () => {
    expect(weekKind('2026-11-09', sunday)).toBe('past');
    expect(weekKind('2026-11-16', sunday)).toBe('current');
    expect(weekKind('2026-11-23', sunday)).toBe('future');
  });

  it('rejects what is not a week with a 400 naming the field', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-16', 'tomorrow', '', '2026-1-01']) {
      expect(parseDate(bad)).toBeNull();
      try {
        resolveWeek(bad, sunday);
        expect.unreachable(`accepted ${bad}`);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(400);
        expect((err as AppError).errors[0].path).toBe('week');
      }
    }
  });
});

describe('dates far from now', () => {
  it('snaps early years correctly and refuses dates whose weeks leave four-digit years', () => {
    expect(mondayOf(new Date('1066-10-14T00:00:00Z'))).toBe('1066-10-08');
    expect(() => resolveWeek('0050-06-15', new Date('2026-11-22T12:00:00Z'))).toThrow(/not a week/);
    expect(() => resolveWeek('9999-12-30', new Date('2026-11-22T12:00:00Z'))).toThrow(/not a week/);
    expect(resolveWeek('9998-12-31', new Date('2026-11-22T12:00:00Z'))).toBe('9998-12-28');
  });
});
