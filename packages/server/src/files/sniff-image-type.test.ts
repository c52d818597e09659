import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniff-image-type.ts';
import { pngHeaderOnExecutable, pngOfSize, tinyJpeg, tinyPng } from './test-images.ts';

describe('sniffImageType: the type comes from the bytes, checked to the end', () => {
  it('knows a real PNG and a JPEG', () => {
    expect(sniffImageType(tinyPng())).toBe('image/png');
    expect(sniffImageType(pngOfSize(5000))).toBe('image/png');
    expect(sniffImageType(tinyJpeg())).toBe('image/jpeg');
  });

  it('refuses a PNG signature glued onto something else, a script after IEND, a broken CRC, and non-images', () => {
    expect(sniffImageType(pngHeaderOnExecutable())).toBeNull();
    expect(sniffImageType(Buffer.concat([tinyPng(), Buffer.from('<script>alert(1)</script>')]))).toBeNull();
    const corrupt = tinyPng();
    corrupt[corrupt.length - 20] = corrupt[corrupt.length - 20]! ^ 0xff;
    expect(sniffImageType(corrupt)).toBeNull();
    expect(sniffImageType(tinyPng().subarray(0, 30))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a........'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    const jpegNoEnd = tinyJpeg().subarray(0, tinyJpeg().length - 2);
    expect(sniffImageType(jpegNoEnd)).toBeNull();
  });
});
