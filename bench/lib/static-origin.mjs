// A static file server in its own process (as the Portico server has its own): serves one folder (and its sub-folders),
// sending `name.br` when the request accepts brotli, with CORS open to any page and `no-cache`,
// as the Portico server sends chunks/app.js. Prints "listening <url>". Used for register-interactive's
// React floor baseline (react-floor.mjs). Usage: node static-origin.mjs <folder>
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = path.resolve(process.argv[2]);
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = path.join(dir, path.normalize(name));
  if (!file.startsWith(dir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
  res.writeHead(200, {
    'content-type': name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream',
    'access-control-allow-origin': '*',
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
    ...(br ? { 'content-encoding': 'br' } : {}),
  });
  res.end(readFileSync(br ? `${file}.br` : file));
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// Spawned with an IPC channel: if the benchmark dies (run.mjs kills one that overruns its cap), so does this.
process.on('disconnect', () => process.exit(0));
