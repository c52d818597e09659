import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditBothThemes, POPUP_HOST } from './support/axe.ts';
import { chatLog, openVisitorChat, say } from './support/chat-visitor.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { setHarnessToken, signedInTeamOwner } from './support/team-owner.ts';

/**
 * Issue 19, the widget's half in Chromium, by role and label, against the real hub and the operator
 * admin API (docs/chat.md): a visitor chats (e-mail capture first, the demo company requires it), an
 * operator answers, the Chat button counts the unread reply while the panel is closed; attachments both
 * ways (the visitor's image shown, the operator's PDF downloaded with the visitor's credential; an
 * oversize file refused in the overlay); a signed-in member's chat carries their e-mail; the socket
 * dropped while the operator sends three replies: after the reconnect each shows once, in order; a
 * hostile operator message injected past the server is still sanitized at display. axe in light and
 * dark, 1280 and 390 px.
 */
const ADMIN_KEY = 'e2e-chat-admin-key-0123456789abcdef';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);
const PASSWORD = 'Correct Horse Battery 42!';
const COMPANY = 'Northwind Analytics';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// An operator is online for 45 s after each heartbeat (docs/console.md "Presence"): the file makes one
// through the admin API and keeps a heartbeat going through the admin API's door.
const OPERATOR = 'ana@northwind.example';
let heartbeat: ReturnType<typeof setInterval> | null = null;
const beat = async () => {
  const r = await api('PUT', '/api/v1/admin/chat/presence', { admin: true, body: { Operator: OPERATOR, Online: true } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};
beforeAll(async () => {
  const made = await api('POST', '/api/v1/admin/operators', { admin: true, body: { Email: OPERATOR, Name: 'Ana', Role: 'agent', Password: PASSWORD } });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  await beat();
  heartbeat = setInterval(() => void beat().catch(() => undefined), 20_000);
});
afterAll(() => {
  if (heartbeat) clearInterval(heartbeat);
});

interface ChatSummary { Uid: string; Email: string | null }
async function chatOf(email: string): Promise<ChatSummary> {
  let found: ChatSummary | undefined;
  await expect.poll(async () => {
    const list = await api('GET', '/api/v1/admin/chats?limit=100', { admin: true });
    found = (list.json.items as ChatSummary[]).find((c) => c.Email === email);
    return found !== undefined;
  }, { timeout: 10_000 }).toBe(true);
  return found!;
}
async function operatorSays(caseUid: string, comment: string): Promise<void> {
  const r = await api('POST', `/api/v1/admin/chats/${caseUid}/messages`, { admin: true, body: { AgentName: 'Ana Lee', Comment: comment } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
}

/** Opens the harness's chat popup (its 'chat' button) and waits for the connected panel. */
async function openChat(page: Page): Promise<Locator> {
  const dialog = await openVisitorChat(page);
  await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).not.toBe('Trying to connect');
  return dialog;
}
const log = chatLog;
/** Gives the e-mail the demo company asks for (RequireEmail) in the form shown in the list. */
async function giveEmail(dialog: Locator, email: string): Promise<void> {
  await log(dialog).getByText('Leave your e-mail so we can reply even if you close this page.').waitFor();
  await log(dialog).getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await log(dialog).getByRole('button', { name: 'Send' }).click();
  await log(dialog).getByRole('alert').getByText('Please enter a valid email address.').waitFor();
  await log(dialog).getByRole('textbox', { name: 'Email' }).fill(email);
  await log(dialog).getByRole('button', { name: 'Send' }).click();
  await log(dialog).getByRole('textbox', { name: 'Email' }).waitFor({ state: 'detached' });
}
const closePopup = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

async function lookAt(page: Page, dialog: Locator, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await auditBothThemes(page, dialog, `${name}-1280`, POPUP_HOST);
  await page.setViewportSize({ width: 390, height: 844 });
  await auditBothThemes(page, dialog, `${name}-390`, POPUP_HOST);
  // At phone width nothing of the panel is wider than the screen, and the popup's close button takes clicks
  // (the panel's positioned content once painted over it: a trial click checks the hit target without closing).
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  // The drop overlay covers the panel on purpose (its own Cancel ends it).
  if (await dialog.getByRole('group', { name: 'Upload a file' }).count() === 0) {
    await dialog.getByRole('button', { name: 'Close' }).first().click({ trial: true, timeout: 5_000 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('live chat in Chromium', () => {
  test('a visitor chats, the operator answers through the admin API, the unread counter and the reply appear; files both ways', async () => {
    const page = await openHarness(session.context, server.url);
    const email = uniqueEmail('chatter');
    // Nothing is kept in the visitor's storage before the panel opens.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portico.uvi')))).toEqual([]);
    const dialog = await openChat(page);
    await dialog.getByRole('heading', { name: 'Hi there 👋', level: 2 }).waitFor();
    await dialog.getByText('Questions about plans, billing or your account?', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Attach a file' }).count()).toBe(0); // no case yet
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portico.uvi')).length)).toBe(1);
    await lookAt(page, dialog, 'chat-intro');

    // An empty message is not sent; the first one waits for the e-mail, then goes.
    await dialog.getByRole('textbox', { name: 'Type your message...' }).press('Enter');
    expect(await dialog.getByRole('log').count()).toBe(0);
    await say(dialog, 'Hello, see https://example.com/help please');
    await log(dialog).getByText('Waiting for your email').waitFor();
    await lookAt(page, dialog, 'chat-email');
    await giveEmail(dialog, email);
    await dialog.getByRole('heading', { name: `Chatting with ${COMPANY}`, level: 2 }).waitFor();
    const link = log(dialog).getByRole('link', { name: 'https://example.com/help' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const chat = await chatOf(email);

    await operatorSays(chat.Uid, '<p>Hi! <strong>Happy to help</strong>, read <a href="https://example.com/docs">the docs</a>.</p>');
    await log(dialog).getByText('Happy to help').waitFor();
    await log(dialog).getByText('Ana Lee').waitFor();
    expect(await log(dialog).locator('strong').count()).toBe(1);
    expect(await log(dialog).getByRole('link', { name: 'the docs' }).getAttribute('rel')).toBe('noopener noreferrer');
    await lookAt(page, dialog, 'chat-conversation');

    // Closed: the connection stays, and the Chat button counts the reply.
    await closePopup(page);
    await operatorSays(chat.Uid, 'Are you still there?');
    const chatButton = page.getByRole('button', { name: /^chat\s*1$/ });
    await chatButton.waitFor();
    await chatButton.click();
    await page.getByRole('dialog').getByText('Are you still there?').waitFor();
    // Opening the panel marks the chat read: the badge goes.
    await page.getByRole('button', { name: 'chat', exact: true }).waitFor();
    await expect.poll(async () => {
      const detail = await api('GET', `/api/v1/admin/chats/${chat.Uid}`, { admin: true });
      return (detail.json.Messages as { Type: number; SeenDateTime: string | null }[]).filter((m) => m.Type === 6).every((m) => m.SeenDateTime !== null);
    }).toBe(true);

    // The visitor's image: too large first (refused in the overlay), then a PNG shown as a preview.
    const again = page.getByRole('dialog');
    let chooser = page.waitForEvent('filechooser');
    await again.getByRole('button', { name: 'Attach a file' }).click();
    await (await chooser).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(4_194_305) });
    const overlay = again.getByRole('group', { name: 'Upload a file' });
    await overlay.getByRole('alert').getByText('The selected file is too large.').waitFor();
    expect(await overlay.getByRole('button', { name: 'Ok' }).isDisabled()).toBe(true);
    await lookAt(page, again, 'chat-overlay');
    chooser = page.waitForEvent('filechooser');
    await overlay.getByRole('button', { name: 'Select File' }).click();
    await (await chooser).setFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await overlay.getByText('Selected: screen.png').waitFor();
    await overlay.getByRole('button', { name: 'Ok' }).click();
    const preview = log(again).getByRole('img', { name: 'screen.png' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(await preview.getAttribute('src')).toContain('uvi=');

    // The operator's PDF: a file name with a download icon, opened with the visitor's credential.
    const form = new FormData();
    form.append('AgentName', 'Ana Lee');
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'report.pdf');
    const sent = await fetch(new URL(`/api/v1/admin/chats/${chat.Uid}/documents`, server.url), { method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}` }, body: form });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const download = log(again).getByRole('link', { name: 'Download report.pdf' });
    await download.waitFor();
    const href = (await download.getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
    // Without the credential the same URL opens nothing.
    const bare = new URL(href);
    bare.searchParams.delete('uvi');
    expect((await page.request.get(bare.href)).status()).not.toBe(200);
    await lookAt(page, again, 'chat-attachments');

    // Every message once, in the order the server numbered them.
    const detail = await api('GET', `/api/v1/admin/chats/${chat.Uid}`, { admin: true });
    expect(await log(again).getByRole('listitem').count()).toBe((detail.json.Messages as unknown[]).length);
    await page.close();
  });

  test("a signed-in member's chat carries their e-mail and asks for none", async () => {
    const owner = await signedInTeamOwner(api, server.url, mails, 'chat-member', PASSWORD);
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);
    const dialog = await openChat(page);
    await say(dialog, 'Question about my invoice');
    await dialog.getByRole('heading', { name: `Chatting with ${COMPANY}`, level: 2 }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
    const chat = await chatOf(owner.email);
    const detail = await api('GET', `/api/v1/admin/chats/${chat.Uid}`, { admin: true });
    expect(detail.json.Messages).toMatchObject([{ Type: 1, Comment: 'Question about my invoice', PersonEmail: owner.email }]);
    // The file credential of a signed-in member is their token.
    await operatorSays(chat.Uid, 'Hello Ada');
    await log(dialog).getByText('Hello Ada').waitFor();
    await page.close();
  });

  test('the socket drops while the operator sends three replies: after the reconnect each shows once, in order; display sanitizes what the server let through', async () => {
    const page = await session.context.newPage();
    let current: WebSocketRoute | null = null;
    let hold: Promise<void> | null = null;
    let connects = 0;
    await page.routeWebSocket(/\/api\/v1\/chat\/hub/, async (ws) => {
      connects += 1;
      if (hold) await hold; // the reconnect waits until the operator has sent everything
      current = ws;
      ws.connectToServer();
    });
    await page.goto(new URL('/harness.html', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    const email = uniqueEmail('dropped');
    const dialog = await openChat(page);
    await say(dialog, 'Before the drop');
    await giveEmail(dialog, email);
    await dialog.getByRole('heading', { name: `Chatting with ${COMPANY}`, level: 2 }).waitFor();
    const chat = await chatOf(email);
    await operatorSays(chat.Uid, 'Reply zero');
    await log(dialog).getByText('Reply zero').waitFor();

    let release!: () => void;
    hold = new Promise((r) => (release = r));
    await current!.close({ code: 4000, reason: 'dropped by the test' });
    await dialog.getByRole('heading', { name: 'Trying to connect', level: 2 }).waitFor();
    for (const n of ['one', 'two', 'three']) await operatorSays(chat.Uid, `Reply ${n}`);
    release();
    await dialog.getByRole('heading', { name: `Chatting with ${COMPANY}`, level: 2 }).waitFor();
    await log(dialog).getByText('Reply three').waitFor();
    expect(connects).toBe(2);
    const texts = await log(dialog).getByRole('listitem').allTextContents();
    const replies = texts.map((t) => /Reply (zero|one|two|three)/.exec(t)?.[0]).filter(Boolean);
    expect(replies).toEqual(['Reply zero', 'Reply one', 'Reply two', 'Reply three']);
    await page.screenshot({ path: screenshotPath('chat-after-reconnect') });

    // A message as if the server had let script through: the widget's own sanitizer (the one allow-list) removes it.
    const hostile = {
      Uid: 'injected-1', Case: { Uid: chat.Uid }, Seq: 999, Type: 6, Created: new Date().toISOString(), SeenDateTime: null, AgentName: 'Mallory',
      PersonEmail: null, NewUvi: null, ClientId: null,
      Comment: '<p>ok<img src="x" onerror="window.__chatXss=1"><a href="javascript:window.__chatXss=2">js</a>'
        + '<a href="file:///etc/passwd">disk</a><img src="data:image/png;base64,iVBORw0KGgo="><svg onload="window.__chatXss=3"></svg>'
        + '<span style="color: red; position: fixed">styled</span></p>',
    };
    current!.send(`42${JSON.stringify(['receive', hostile])}`);
    await log(dialog).getByText('Mallory').waitFor();
    const bubble = log(dialog).getByRole('listitem').filter({ hasText: 'Mallory' });
    const html = await bubble.evaluate((el) => el.querySelector('.p-chat-rich')!.innerHTML);
    expect(html).not.toMatch(/onerror|onload|javascript:|file:|<svg|position/);
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('color: red');
    expect(await page.evaluate(() => (window as unknown as { __chatXss?: number }).__chatXss)).toBeUndefined();
    await page.close();
  });

  test('the start rule: after the panel was opened in this browser session, a reload starts the chat at load and the Chat button counts', async () => {
    // The Northwind site: its Chat button is in the HTML, so the loader finds it when the document is parsed.
    const page = await session.context.newPage();
    await page.goto(new URL('/', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    const email = uniqueEmail('returning');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Type your message...' }).waitFor();
    await say(dialog, 'First visit');
    await giveEmail(dialog, email);
    await dialog.getByRole('heading', { name: `Chatting with ${COMPANY}`, level: 2 }).waitFor();
    const chat = await chatOf(email);
    const socket = page.waitForEvent('websocket', { timeout: 20_000 });
    await page.reload();
    await socket; // no click: the loader started the chat
    expect(await page.getByRole('dialog').count()).toBe(0);
    await operatorSays(chat.Uid, 'Welcome back');
    // The button keeps its label ('Chat with us'); the badge inside it shows the count.
    const badge = page.getByRole('button', { name: 'Chat with us' }).locator('[data-portico-chat-badge]');
    await expect.poll(() => badge.isVisible().then((v) => (v ? badge.textContent() : null))).toBe('1');
    await page.close();
  });

  test('demo mode: the scripted operator answers, with no request to a server and no socket', async () => {
    const page = await session.context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => { if (/\/api\/|chat-socket/.test(new URL(r.url()).pathname)) calls.push(r.url()); });
    page.on('websocket', (ws) => calls.push(ws.url()));
    await page.goto(new URL('/harness.html?demo=1', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    const dialog = await openChat(page);
    await say(dialog, 'Is this live?');
    await log(dialog).getByText('Alex (demo)').waitFor();
    await log(dialog).getByText('This is the demo', { exact: false }).waitFor();
    expect(calls).toEqual([]);
    await lookAt(page, dialog, 'chat-demo');
    await page.close();
  });
});
