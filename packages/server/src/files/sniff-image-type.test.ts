import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS } from '@portico/core/files/image-limits';
import { checkImage, sniffImageType } from './sniff-image-type.ts';
import { jpegDeclaring, pngDeclaring, pngHeaderOnExecutable, pngOfSize, tinyJpeg, tinyPng } from './test-images.ts';

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

describe('checkImage: the pixel count comes from the header, nothing is decoded', () => {
  it('refuses a small, well-formed PNG whose IHDR declares 100000 × 100000 pixels', () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    expect(checkImage(bomb)).toEqual({ ok: false, problem: 'pixels', width: 100_000, height: 100_000 });
    expect(sniffImageType(bomb)).toBeNull();
    expect(checkImage(pngDeclaring(1, 2 ** 31 - 1))).toMatchObject({ ok: false, problem: 'pixels' });
  });

  it('refuses a JPEG whose frame header declares 65535 × 65535 (the most a JPEG can), baseline or progressive', () => {
    for (const sof of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      expect(checkImage(jpegDeclaring(65_535, 65_535, sof)), sof.toString(16)).toEqual({ ok: false, problem: 'pixels', width: 65_535, height: 65_535 });
    }
  });

  it(`accepts exactly ${IMAGE_MAX_PIXELS.toLocaleString('en-US')} pixels and refuses one row more`, () => {
    expect(checkImage(pngDeclaring(8000, 5000))).toEqual({ ok: true, type: 'image/png', width: 8000, height: 5000 });
    expect(checkImage(pngDeclaring(8000, 5001))).toMatchObject({ ok: false, problem: 'pixels' });
    expect(checkImage(jpegDeclaring(8000, 5000))).toEqual({ ok: true, type: 'image/jpeg', width: 8000, height: 5000 });
    expect(checkImage(jpegDeclaring(5001, 8000))).toMatchObject({ ok: false, problem: 'pixels' });
    expect(checkImage(tinyJpeg())).toEqual({ ok: true, type: 'image/jpeg', width: 1, height: 1 });
    expect(checkImage(tinyPng())).toEqual({ ok: true, type: 'image/png', width: 1, height: 1 });
  });

  it('refuses a header cut short, a size of 0, and a JPEG without a frame header; DHT/JPG/DAC are not frames', () => {
    expect(checkImage(pngDeclaring(100_000, 100_000).subarray(0, 20))).toEqual({ ok: false, problem: 'type' });
    expect(checkImage(pngDeclaring(100_000, 100_000).subarray(0, 33))).toEqual({ ok: false, problem: 'type' });
    const jpeg = jpegDeclaring(65_535, 65_535);
    expect(checkImage(Buffer.concat([jpeg.subarray(0, 26), Buffer.from([0xff, 0xd9])]))).toEqual({ ok: false, problem: 'type' });
    expect(checkImage(pngDeclaring(0, 10))).toEqual({ ok: false, problem: 'type' });
    expect(checkImage(jpegDeclaring(10, 0))).toEqual({ ok: false, problem: 'type' }); // height left to DNL: unknown without decoding
    // SOI, APP0, SOS, EOI: no frame, so no size and nothing a decoder could show.
    const noFrame = Buffer.concat([jpeg.subarray(0, 20), jpeg.subarray(33)]);
    expect(checkImage(noFrame)).toEqual({ ok: false, problem: 'type' });
    // A DHT segment (0xC4) shaped like a huge frame does not count as one.
    expect(checkImage(jpegDeclaring(65_535, 65_535, 0xc4))).toEqual({ ok: false, problem: 'type' });
  });
});
