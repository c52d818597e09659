import { describe, expect, it } from 'vitest';
import { formatBytes, validateFile } from './file-validation.ts';

describe('validateFile', () => {
  it('rejects types outside the accept list', () => {
    expect(validateFile({ name: 'a.exe', size: 10 }, ['png', 'jpg'], 100)?.code).toBe('Errors.FileInvalidType');
    expect(validateFile({ name: 'noext', size: 10 }, ['png'], 100)?.code).toBe('Errors.FileInvalidType');
  });
  it('rejects files above the size limit', () => {
    const err = validateFile({ name: 'big.PNG', size: 2_000_001 }, ['.png'], 2_000_000);
    expect(err).toEqual({ code: 'Errors.FileTooLarge', values: { filename: 'big.PNG', maxSize: '2MB' } });
  });
  it('accepts a valid file', () => {
    expect(validateFile({ name: 'me.jpeg', size: 1_048_576 }, ['jpg', 'jpeg', 'png'], 1_048_576)).toBeNull();
  });
  it('formats sizes as the spec writes them', () => {
    expect(formatBytes(2_000_000)).toBe('2MB');
    expect(formatBytes(2_097_152)).toBe('2MB');
    expect(formatBytes(1_048_576)).toBe('1MB');
    // A small file is not shown as a kilobyte it does not have.
    expect(formatBytes(11)).toBe('11 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1024)).toBe('1KB');
  });
});
