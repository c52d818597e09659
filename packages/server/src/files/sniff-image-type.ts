import { crc32 } from 'node:zlib';
import { IMAGE_MAX_PIXELS } from '@portico/core/files/image-limits';
import type { ProfileImageType } from '@portico/core/signup/registration-limits';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What an image's header says about it, read without decoding a pixel. */
export interface ImageHeader {
  type: ProfileImageType;
  width: number;
  height: number;
}

/**
 * A PNG whose structure holds from the signature to IEND: every chunk's length fits, its type is
 * four letters and its CRC matches, IHDR comes first and IEND ends the file. A PNG signature glued
 * onto anything else (an executable renamed .png, a script after IEND) fails somewhere on the way.
 * The size is IHDR's width and height (PNG forbids 0).
 */
function readPng(bytes: Buffer): ImageHeader | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let at = 8;
  let size: { width: number; height: number } | null = null;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type.toString('latin1'))) return null;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return null;
    const name = type.toString('latin1');
    if (!size) {
      if (name !== 'IHDR' || length !== 13) return null;
      size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
      if (size.width === 0 || size.height === 0) return null;
    }
    if (name === 'IEND') return end === bytes.length ? { type: 'image/png', ...size } : null;
    at = end;
  }
  return null;
}

/** Start-of-frame markers (SOF0-3, 5-7, 9-11, 13-15); 0xC4 (DHT), 0xC8 (JPG) and 0xCC (DAC) are not frames. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * A JPEG walked marker by marker from SOI to the start of scan (each segment's length must fit),
 * with a frame header (SOFn) before the scan, ending with EOI. Entropy-coded data after SOS is
 * not decoded. The size is the frame header's; a height of 0 (left to a DNL marker after the
 * scan) cannot be known without decoding, so such a file is refused. With several frames
 * (hierarchical JPEG) the largest counts.
 */
function readJpeg(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return null;
  let at = 2;
  let size: { width: number; height: number } | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    if (isFrameMarker(marker)) {
      if (length < 8) return null;
      const frame = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      if (frame.width === 0 || frame.height === 0) return null;
      if (!size || frame.width * frame.height > size.width * size.height) size = frame;
    }
    // Start of scan: the image data follows, up to the EOI checked above.
    if (marker === 0xda) return size ? { type: 'image/jpeg', ...size } : null;
    at += 2 + length;
  }
  return null;
}

/** The type and size of a whole PNG or JPEG, from its structure and header; null for anything else. */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  return readPng(bytes) ?? readJpeg(bytes);
}

export type ImageVerdict =
  | ({ ok: true } & ImageHeader)
  /** Not a whole PNG or JPEG (or one whose size its header does not say). */
  | { ok: false; problem: 'type' }
  /** A real image whose header declares more than IMAGE_MAX_PIXELS: refused before anything decodes it. */
  | { ok: false; problem: 'pixels'; width: number; height: number };

/**
 * The one check every image upload runs (registration profile image, profile photo): the type
 * comes from the bytes (never the name or the type the browser claimed), and the header's
 * width × height must be at most IMAGE_MAX_PIXELS.
 */
export function checkImage(bytes: Buffer): ImageVerdict {
  const header = readImageHeader(bytes);
  if (!header) return { ok: false, problem: 'type' };
  if (header.width * header.height > IMAGE_MAX_PIXELS) return { ok: false, problem: 'pixels', width: header.width, height: header.height };
  return { ok: true, ...header };
}

/** The message of a `pixels` verdict, the same on every upload route. */
export function tooManyPixelsMessage(width: number, height: number): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `The image is ${n(width)} × ${n(height)} pixels; at most ${n(IMAGE_MAX_PIXELS)} pixels (${IMAGE_MAX_PIXELS / 1_000_000} megapixels) are accepted.`;
}

/** The type of an acceptable image (whole, and within the pixel limit); null for anything else. */
export function sniffImageType(bytes: Buffer): ProfileImageType | null {
  const verdict = checkImage(bytes);
  return verdict.ok ? verdict.type : null;
}
