// The set-up the widget benchmarks share (bundle-size, register-interactive): the built server in
// production mode with the demo company as shipped (ALTCHA captcha, email confirmation, a real SMTP
// server in this process, since production answers 503 to a sign-up that must confirm when no mail
// can go out), PGlite; and a customer's site: a static server of its own on another port (another
// origin, as a real embed is), named in the config's company.siteOrigins, since production accepts
// CORS and payment return URLs only from the site origins. Production serves no demo page, so the
// host pages come from the site.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ROOT } from './common.mjs';
import { startPorticoProcess } from './portico-process.mjs';

/** A page with the loader and one embed of `state` (the shape of demo/minimal.html). */
export const embedPage = (server, state, title = 'Sign up') => `<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>${title}</title>\n  <script src="${server}/portico.js" defer></script>\n</head>\n<body>\n  <main>\n    <div data-portico-embed="${state}"></div>\n  </main>\n</body>\n</html>\n`;

/** demo/minimal.html with the loader from the Portico server (and without the site's favicon). */
export const minimalPage = (server) => readFileSync(path.join(ROOT, 'packages/widget/demo/minimal.html'), 'utf8')
  .replace('src="/portico.js"', `src="${server}/portico.js"`).replace(/\s*<link rel="icon"[^>]*>/, '');

function startSite(pages) {
  const site = http.createServer((req, res) => {
    const html = pages[new URL(req.url, 'http://x').pathname];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html ?? 'not found');
  });
  return new Promise((resolve) => site.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${site.address().port}`, close: () => new Promise((r) => site.close(r)) })));
}

/**
 * Starts SMTP, the site and the production server. `pages(serverUrl)` returns the site's pages by
 * path. Returns { server, site (origin), mails(), stop() }.
 */
export async function startSignUpSite(pages) {
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) { stream.resume(); stream.on('end', () => { mails += 1; done(); }); },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const sitePages = {};
  const site = await startSite(sitePages);
  let server;
  try {
    server = await startPorticoProcess({
      config: (c) => ({ ...c, company: { ...c.company, siteOrigins: [...c.company.siteOrigins, site.origin] } }),
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, MAIL_FROM: 'Northwind <no-reply@northwind.test>' },
    });
  } catch (err) {
    await site.close();
    await new Promise((resolve) => smtp.close(resolve));
    throw err;
  }
  Object.assign(sitePages, pages(server.url));
  return {
    server: server.url,
    site: site.origin,
    mails: () => mails,
    async stop() {
      await server.stop();
      await new Promise((resolve) => smtp.close(resolve));
      await site.close();
    },
  };
}
