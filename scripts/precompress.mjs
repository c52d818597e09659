// Writes name.br and name.gz beside every text file of the built widget, once at build
// time and at the strongest settings (brotli 11, gzip 9): the server sends them as they are
// (@fastify/static preCompressed) instead of compressing the same bytes on every request.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|map|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Compresses every text file under dir; a copy that would not be smaller is not written (the plain file is served). */
export async function precompress(dir) {
  const written = [];
  await Promise.all([...files(dir)].filter((f) => TEXT.test(f)).map(async (file) => {
    const raw = readFileSync(file);
    const [br, gzipped] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gz(raw, { level: 9 }),
    ]);
    for (const [ext, data] of [['.br', br], ['.gz', gzipped]]) {
      if (data.length < raw.length) { writeFileSync(file + ext, data); written.push(file + ext); }
      else rmSync(file + ext, { force: true });
    }
  }));
  return written;
}
