// preferences-page-weight: bytes transferred in Chromium for the email preferences screen (manage)
// opened from the link in a real mail, the production server, a customer's site page with only the
// loader (the landing opens manage in a popup). Goal: no more than the sign-up's first screen
// (bundle-size, ≤ 91 KB). Issue 18 "Benchmarks". Run with: node --import tsx bench/preferences-page-weight.mjs
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { writeResult } from './lib/common.mjs';
import { watchdog } from './lib/servers.mjs';
import { startPorticoProcess } from './lib/portico-process.mjs';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { recordTransfers } from '../e2e/support/transferred.ts';

watchdog(110);
const ADMIN_KEY = 'bench-preferences-admin-key-0123456789';
const GOAL_KB = 91;
const KB = (b) => Math.round((b / 1024) * 10) / 10;
const goal = { text: 'the email preferences screen opened from a mailed link (site page with the loader, production server) <= 91 KB transferred in Chromium, the sign-up first screen\'s budget', metric: 'preferencesTransferredKB', op: '<=', value: GOAL_KB, unit: 'KB' };

const mails = [];
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => { mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') }); done(); });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const pages = {};
const site = http.createServer((req, res) => {
  const html = pages[new URL(req.url, 'http://x').pathname];
  res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(html ?? 'not found');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${site.address().port}`;

let result;
let server = null;
let browser = null;
try {
  server = await startPorticoProcess({
    config: (c) => ({
      ...c, captcha: { ...c.captcha, provider: 'none' }, registration: { ...c.registration, requireEmailConfirmation: false },
      company: { ...c.company, siteOrigins: [...c.company.siteOrigins, siteOrigin] },
      emailListLinks: { ...(c.emailListLinks ?? {}), pageUrl: `${siteOrigin}/preferences.html` },
    }),
    env: { PORTICO_ADMIN_KEY: ADMIN_KEY, SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, MAIL_FROM: 'Northwind <no-reply@northwind.test>' },
  });
  pages['/preferences.html'] = `<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>Email preferences</title>\n  <script src="${server.url}/portico.js" defer></script>\n</head>\n<body><main><h1>Northwind</h1></main></body>\n</html>\n`;
  const admin = (method, p, body) => fetch(server.url + p, { method, headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));
  const email = `bench-prefs-${Date.now()}@example.com`;
  const imported = await admin('POST', '/api/v1/admin/accounts/import', { Name: 'Bench prefs', PrimaryContact: { Email: email, FirstName: 'Ada', LastName: 'Lovelace' }, Subscription: { StartDate: new Date().toISOString().slice(0, 10) + 'T00:00:00Z', Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${JSON.stringify(imported.json).slice(0, 300)}`);
  const added = await admin('POST', '/api/v1/admin/email-lists/list-newsletter/subscribers', { PersonUid: imported.json.PrimaryContact.Uid });
  if (added.status !== 200) throw new Error(`subscribe answered ${added.status}`);
  // A mail to the member (a reset link asked for): its footer carries the preferences link.
  await fetch(`${server.url}/api/v1/crm/people/forgotPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: email, ResetUrl: `${siteOrigin}/preferences.html` }) });
  let link = null;
  for (let i = 0; i < 100 && !link; i++) {
    const mail = mails.find((m) => m.to.includes(email));
    const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    link = text ? /(http:\/\/\S+?portico_lists=manage&listsToken=[\w.-]+)/.exec(text)?.[1] ?? null : null;
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no preferences link mailed');
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  const transfers = recordTransfers(page);
  await page.goto(link);
  await page.getByRole('dialog', { name: 'Email preferences' }).getByRole('switch', { name: 'Monthly newsletter' }).waitFor({ timeout: 30_000 });
  await transfers.settle();
  const rows = transfers.of('first screen');
  const total = rows.reduce((s, r) => s + r.transferredBytes, 0);
  const sitePage = rows.filter((r) => r.path.startsWith('/preferences.html')).reduce((s, r) => s + r.transferredBytes, 0);
  result = writeResult('preferences-page-weight', {
    goal,
    actual: KB(total),
    figures: {
      preferencesTransferredKB: KB(total), withoutTheSitePageKB: KB(total - sitePage),
      jsTransferredKB: KB(rows.filter((r) => r.type === 'script').reduce((s, r) => s + r.transferredBytes, 0)),
      responses: rows.map((r) => ({ path: r.path.replace(/listsToken=[^&]+/, 'listsToken=…').replace(/token=[^&]+/, 'token=…'), type: r.type, status: r.status, encoding: r.contentEncoding, KB: KB(r.transferredBytes) })),
    },
    method: 'The built server (NODE_ENV=production) on PGlite with a real SMTP server in the benchmark process; an imported customer on the newsletter asks for a reset link, and the preferences link in that mail\'s footer is opened in a fresh Chromium context (empty cache). A site page with only the loader; the landing opens manage in a popup. Every response from navigation until the "Monthly newsletter" switch shows and the network has been idle for 500 ms, request.sizes() headers + body (e2e/support/transferred.ts), the site page included.',
  });
} catch (err) {
  result = writeResult('preferences-page-weight', { goal, status: `failed: ${String(err?.message ?? err).slice(0, 300)}`, method: 'See preferences-page-weight.mjs.', forcePass: false });
} finally {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => site.close(resolve));
  await new Promise((resolve) => smtp.close(resolve));
}
console.log(JSON.stringify({ name: result.name, pass: result.pass, actual: result.actual, status: result.status }));
process.exit(0);
