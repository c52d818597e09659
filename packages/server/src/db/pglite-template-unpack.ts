import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

const BLOCK = 512;

/**
 * Unpacks the install-time template (the plain tar PGlite's dumpDataDir('none') writes: ustar,
 * folders and regular files) into `dir`, so that PGlite then opens an existing folder.
 * PGlite's own loadDataDir holds the whole ~40 MB tar in memory two or three times over and
 * unpacks it through its WebAssembly file layer; that garbage stayed resident in the worker
 * thread, which allocates nothing more until the first requests. Streamed here with a 1 MB
 * buffer, and faster. Unpacked beside `dir` and renamed into place: a start killed halfway
 * leaves no half folder that the next start would take for a database.
 */
export function unpackPgliteTemplate(templateFile: string, dir: string): void {
  const partial = `${dir}.unpacking`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const tar = openSync(templateFile, 'r');
  const header = Buffer.alloc(BLOCK);
  const buffer = Buffer.alloc(1 << 20);
  let offset = 0;
  try {
    for (;;) {
      const got = readSync(tar, header, 0, BLOCK, offset);
      if (got === 0 || header.every((b) => b === 0)) break; // the end (PGlite's writer may omit the two zero blocks)
      if (got < BLOCK) throw new Error(`${templateFile} is truncated`);
      offset += BLOCK;
      const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0[\s\S]*$/, '');
      const prefix = text(257, 6) === 'ustar' ? text(345, 155) : '';
      const name = `${prefix}/${text(0, 100)}`.split('/').filter((part) => part !== '' && part !== '.');
      if (name.includes('..')) throw new Error(`${templateFile}: unexpected path ${name.join('/')}`);
      const size = parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1);
      const target = path.join(partial, ...name);
      if (type === '5') {
        mkdirSync(target, { recursive: true, mode: 0o700 });
      } else if (type === '0' || type === '') {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const file = openSync(target, 'w', 0o600);
        try {
          for (let done = 0; done < size;) {
            const n = readSync(tar, buffer, 0, Math.min(buffer.length, size - done), offset + done);
            if (n === 0) throw new Error(`${templateFile} is truncated`);
            writeSync(file, buffer, 0, n);
            done += n;
          }
        } finally {
          closeSync(file);
        }
        offset += Math.ceil(size / BLOCK) * BLOCK;
      } else {
        throw new Error(`${templateFile}: unexpected tar entry type "${type}" for ${name.join('/')}`);
      }
    }
  } finally {
    closeSync(tar);
  }
  if (existsSync(dir)) rmdirSync(dir); // an empty folder left by an earlier attempt; a non-empty one throws
  renameSync(partial, dir);
}
