import { crc32 } from 'node:zlib';
import type { ProfileImageType } from '@portico/core/signup/registration-limits';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG whose structure holds from the signature to IEND: every chunk's length fits, its type is
 * four letters and its CRC matches, IHDR comes first and IEND ends the file. A PNG signature glued
 * onto anything else (an executable renamed .png, a script after IEND) fails somewhere on the way.
 */
function isWholePng(bytes: Buffer): boolean {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type.toString('latin1'))) return false;
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    const name = type.toString('latin1');
    if (first && (name !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (name === 'IEND') return end === bytes.length;
    at = end;
  }
  return false;
}

/**
 * A JPEG walked marker by marker from SOI to the start of scan (each segment's length must fit),
 * ending with EOI. Entropy-coded data after SOS is not decoded.
 */
function isWholeJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return false;
    if (marker === 0xda) return true; // start of scan: the image data follows, up to the EOI checked above
    at += 2 + length;
  }
  return false;
}

/** The image type of a file decided by its bytes (never its name or the type the browser claimed); null for anything else. */
export function sniffImageType(bytes: Buffer): ProfileImageType | null {
  if (isWholePng(bytes)) return 'image/png';
  if (isWholeJpeg(bytes)) return 'image/jpeg';
  return null;
}
