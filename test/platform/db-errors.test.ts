import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { asUnavailable, isDatabaseUnavailable, isUniqueViolation } from '../../src/platform/db-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a locked, full or failing SQLite database', () => {
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_LOCKED',
      'SQLITE_FULL',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_CANTOPEN',
      'SQLITE_READONLY',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it('recognises PostgreSQL outages: connection lost, disk full, shutdown, lock timeout, serialization', () => {
    for (const code of [
      '08006',
      '08001',
      '53100',
      '53300',
      '57P01',
      '57P03',
      '55P03',
      '40001',
      '40P01',
      'ECONNREFUSED',
      'ECONNRESET',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves bugs and bad data alone: constraint violations, syntax errors, corruption, plain errors', () => {
    for (const code of [
      'SQLITE_CONSTRAINT_UNIQUE',
      'SQLITE_ERROR',
      'SQLITE_CORRUPT',
      'SQLITE_MISMATCH',
      '23505',
      '42601',
      '22P02',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isUniqueViolation(withCode('SQLITE_BUSY'))).toBe(false);
  });
});

describe('asUnavailable', () => {
  it('turns an outage into a 503 AppError with Retry-After, and passes anything else through', () => {
    const err = asUnavailable(withCode('SQLITE_BUSY'));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ kind: 'unavailable', status: 503, headers: { 'Retry-After': '5' } });
    const bug = new Error('bug');
    expect(asUnavailable(bug)).toBe(bug);
    const known = new AppError('conflict', 'taken');
    expect(asUnavailable(known)).toBe(known);
  });
});
