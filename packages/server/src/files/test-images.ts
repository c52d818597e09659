import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real 1×1 PNG (one indigo pixel), made the way encoders make them. */
export function tinyPng(): Buffer {
  return pngDeclaring(1, 1);
}

/**
 * A small, well-formed PNG (every CRC right) whose IHDR declares `width` × `height`: what a
 * decompression bomb looks like to anything that reads only the header. Its one IDAT row is a
 * 1×1 image's; nothing here decodes it.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 0x4f, 0x46, 0xe5]))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded with an ancillary chunk to exactly `size` bytes (still a valid PNG). */
export function pngOfSize(size: number): Buffer {
  const base = tinyPng();
  const pad = size - base.length - 12;
  const iend = base.subarray(base.length - 12);
  return Buffer.concat([base.subarray(0, base.length - 12), chunk('teXt', Buffer.alloc(pad, 0x61)), iend]);
}

/** The smallest JPEG shape: SOI, an APP0 (JFIF) segment, a 1×1 frame header (SOF0), a start of scan, scan bytes, EOI. */
export function tinyJpeg(): Buffer {
  return jpegDeclaring(1, 1);
}

/** The same JPEG shape with a frame header (SOFn, baseline SOF0 by default) declaring `width` × `height`. */
export function jpegDeclaring(width: number, height: number, sof = 0xc0): Buffer {
  const frame = Buffer.from([0xff, sof, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    frame,
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0x56, 0xff, 0xd9]),
  ]);
}

/** An ELF executable's first bytes behind a PNG signature: what a renamed binary looks like. */
export function pngHeaderOnExecutable(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 0x90)]);
}
