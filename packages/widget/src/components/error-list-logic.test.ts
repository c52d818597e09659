import { describe, expect, it } from 'vitest';
import { dedupeErrors, errorListLayout, replaceFileError } from './error-list-logic.ts';

describe('errorListLayout', () => {
  it('shows nothing, one plain error, or a headed list', () => {
    expect(errorListLayout(0)).toEqual({ kind: 'none' });
    expect(errorListLayout(1)).toEqual({ kind: 'single' });
    expect(errorListLayout(3)).toEqual({ kind: 'list', headingKey: 'Errors.Header' });
  });
});

describe('replaceFileError', () => {
  it('replaces earlier file errors and keeps the rest', () => {
    const start = [{ code: 'Errors.InvalidEmail' }, { code: 'Errors.FileInvalidType' }];
    expect(replaceFileError(start, { code: 'Errors.FileTooLarge' })).toEqual([
      { code: 'Errors.InvalidEmail' },
      { code: 'Errors.FileTooLarge' },
    ]);
    expect(replaceFileError(start, null)).toEqual([{ code: 'Errors.InvalidEmail' }]);
  });
});

describe('dedupeErrors', () => {
  it('keeps the first of identical errors', () => {
    expect(dedupeErrors([{ code: 'A' }, { code: 'A' }, { code: 'A', message: 'x' }])).toHaveLength(2);
    // The same rule on two fields is two errors.
    expect(dedupeErrors([{ code: 'Errors.Required', field: 'City' }, { code: 'Errors.Required', field: 'Country' }])).toHaveLength(2);
  });
});
