import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { chatLog, openVisitorChat, say } from './support/chat-visitor.ts';
import { feedSettled, watchConsoleWire } from './support/console-wire.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { payingCustomer } from './support/billing-customers.ts';
import { setHarnessToken } from './support/team-owner.ts';
import { signInCompanyConfigPerFile } from './support/members-site.ts';

/**
 * Issue 20, the operator console in Chromium, by role and label, two browser contexts (the operator's
 * console, the visitor's page): an operator made through the admin API signs in (a wrong password says so),
 * sees a visitor's new chat marked unread, answers, and the visitor's chat panel shows the answer with the
 * operator's name and initials; the customer panel shows a signed-in member's plan and last invoice; a help
 * form case answered by mail, whose customer's RFC 822 reply posted to the inbound endpoint appears in the
 * same case (as text, never HTML); every keyboard shortcut does its move; a member's token is refused. axe
 * in light and dark at 1280 and 800 px (desktop and tablet).
 */
const ADMIN_KEY = 'e2e-console-admin-key-0123456789abcdef';
const INBOUND_SECRET = 'e2e-console-inbound-secret-0123456789abcdef';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY, PORTICO_INBOUND_MAIL_SECRET: INBOUND_SECRET };
const mails = mailboxPerFile(env);
// The demo company without the captcha: the paid member is made over the API (billing-customers.ts), the help form needs none.
signInCompanyConfigPerFile(env, 'console');
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);
const PASSWORD = 'Correct Horse Battery 42!';
const OPERATOR_PASSWORD = 'Kestrel-Quartz-7319!';

interface Operator { email: string; name: string }
let made = 0;
async function operator(name = 'Ana Console'): Promise<Operator> {
  made += 1;
  const email = `operator-${made}-${Date.now()}@northwind.example`;
  const r = await api('POST', '/api/v1/admin/operators', { admin: true, body: { Email: email, Name: name, Role: 'admin', Password: OPERATOR_PASSWORD } });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { email, name };
}

async function openConsole(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/console/`);
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
  return page;
}
async function signIn(page: Page, o: Operator, password = OPERATOR_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(o.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
async function signedInConsole(context: BrowserContext, o: Operator): Promise<Page> {
  const page = await openConsole(context);
  await signIn(page, o);
  await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  return page;
}
const inboxList = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const rowOf = (page: Page, email: string) => inboxList(page).getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
async function search(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(email);
  const row = rowOf(page, email);
  await row.waitFor();
  return row;
}

/** Waits until the browser reported every request the page started before this point (one more request, seen). */
async function wireBarrier(page: Page): Promise<void> {
  const seen = page.waitForRequest((r) => r.url().endsWith('/healthz?wire-barrier'));
  await page.evaluate(() => fetch('/healthz?wire-barrier').then(() => undefined));
  await seen;
}

/** The console in light and dark (its Theme control), axe clean, photographed; desktop and tablet width. */
async function auditConsole(page: Page, name: string): Promise<void> {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const mode of ['light', 'dark'] as const) {
      const theme = page.getByRole('combobox', { name: 'Theme' });
      if (await theme.count()) await theme.selectOption(mode);
      else await page.emulateMedia({ colorScheme: mode });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: screenshotPath(`console-${name}-${width}-${mode}`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const theme = page.getByRole('combobox', { name: 'Theme' });
  if (await theme.count()) await theme.selectOption('auto');
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The visitor's chat on the harness page (the console's heartbeat made the operators online). */
const visitorChat = openVisitorChat;
const visitorLog = chatLog;

describe('the operator console in Chromium', () => {
  test('an operator signs in, sees a visitor\'s new chat unread (pushed, not polled), answers; the visitor sees the answer with the operator\'s name and initials', async () => {
    const ana = await operator('Ana Maria Console');
    // The page's timers run on a clock the test can move (time flows as usual until it does).
    await session.context.clock.install();
    const page = await openConsole(session.context);
    const wire = watchConsoleWire(page);
    await auditConsole(page, 'login');
    await signIn(page, ana, 'not the password');
    await page.getByRole('alert').getByText('The email or password is not right.').waitFor();
    await signIn(page, ana);
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
    await page.getByText('Online', { exact: true }).waitFor();

    // Live updates: the feed connects and the inbox looks again once; then nothing is polled: 14 s of the
    // page's timers (the old polls ran every 4 and 1.5 s) read neither the inbox nor a case.
    await expect.poll(() => feedSettled(wire)).toBe(true);
    const quiet = wire.length;
    await page.clock.runFor(14_000);
    await wireBarrier(page);
    expect(wire.slice(quiet).filter((e) => e.kind === 'inbox-request' || e.kind === 'case-request')).toEqual([]);

    // The visitor, in a browser context of their own.
    const visitorContext = await newContext(session.browser);
    try {
      const visitor = await openHarness(visitorContext, server.url);
      const email = uniqueEmail('visitor');
      const chat = await visitorChat(visitor);
      const beforeChat = wire.length;
      await say(chat, 'Hello, is anyone there?');
      await visitorLog(chat).getByRole('textbox', { name: 'Email' }).fill(email);
      await visitorLog(chat).getByRole('button', { name: 'Send' }).click();
      await visitorLog(chat).getByRole('textbox', { name: 'Email' }).waitFor({ state: 'detached' });

      // New in the inbox, marked unread: pushed. Every read of the inbox since the visitor wrote followed a
      // caseChanged frame (a burst is one read at a time), so a poll would show here, and no event would fail it.
      const row = rowOf(page, email);
      await row.waitFor();
      expect(await row.textContent()).toContain('Unread');
      await wireBarrier(page);
      const since = wire.slice(beforeChat);
      const changes = since.filter((e) => e.kind === 'caseChanged');
      const reads = since.filter((e) => e.kind === 'inbox-request');
      expect(changes.length).toBeGreaterThan(0);
      expect(since.findIndex((e) => e.kind === 'inbox-request')).toBeGreaterThan(since.findIndex((e) => e.kind === 'caseChanged'));
      expect(reads.length).toBeLessThanOrEqual(changes.length);
      const chatUid = (changes[0] as { uid: string }).uid;
      await auditConsole(page, 'inbox');
      await row.click();
      await conversation(page).getByText('Hello, is anyone there?').waitFor();
      await expect.poll(() => row.textContent()).not.toContain('Unread');
      await page.getByRole('complementary', { name: 'Customer' }).getByText('No member of Portico has this email.').waitFor();

      await page.getByRole('textbox', { name: 'Reply' }).fill('Hi! <b>Happy</b> to help.');
      await page.getByRole('button', { name: 'Send reply' }).click();
      await conversation(page).getByText('Happy to help.', { exact: false }).waitFor();
      // The visitor sees it live, with the operator's name and initials (first and last word).
      await visitorLog(chat).getByText('Happy to help.', { exact: false }).waitFor();
      await visitorLog(chat).getByText('Ana Maria Console').waitFor();
      expect(await visitorLog(chat).getByText('AC', { exact: true }).count()).toBeGreaterThan(0);

      // The visitor's next message arrives in the open conversation without a reload, read again because the
      // feed named this case; their text stays text.
      const beforeThanks = wire.length;
      await say(chat, 'Thanks <img src=x onerror=alert(1)>');
      await conversation(page).getByText('Thanks <img src=x onerror=alert(1)>').waitFor();
      const named = wire.slice(beforeThanks);
      expect(named.findIndex((e) => e.kind === 'case-request' && e.uid === chatUid)).toBeGreaterThan(named.findIndex((e) => e.kind === 'caseChanged' && e.uid === chatUid));
      expect(await conversation(page).locator('img').count()).toBe(0);
      await auditConsole(page, 'conversation');
    } finally {
      await visitorContext.close();
    }
  });

  test('the customer panel shows a signed-in member\'s plan and last invoice with its PDF; a member\'s token is refused by the console', async () => {
    const member = await payingCustomer(api, server.url, PASSWORD);
    const ops = await operator('Bo Panel');
    const page = await signedInConsole(session.context, ops);
    const visitorContext = await newContext(session.browser);
    try {
      const visitor = await openHarness(visitorContext, server.url);
      await setHarnessToken(visitor, member.token);
      const chat = await visitorChat(visitor);
      await say(chat, 'Question about my invoice');

      const row = await search(page, member.email);
      await row.click();
      await conversation(page).getByText('Question about my invoice').waitFor();
      // What the server knows (the console's own API, as the operator): the panel shows the same plan and invoice.
      const token = (await api('POST', '/api/v1/console/tokens', { body: { username: ops.email, password: OPERATOR_PASSWORD } })).json.access_token as string;
      const list = await api('GET', `/api/v1/console/cases?email=${encodeURIComponent(member.email)}`, { token });
      const customer = (await api('GET', `/api/v1/console/cases/${list.json.items[0].Uid}/customer`, { token })).json;
      const account = customer.Accounts[0];
      expect(account.Subscription.Status).toBe('active');
      expect(account.Invoices.length).toBeGreaterThan(0);
      const panel = page.getByRole('complementary', { name: 'Customer' });
      await panel.getByText(member.email).waitFor();
      await panel.getByText(`${account.Subscription.PlanName} · active`).waitFor();
      const invoice = account.Invoices[0];
      await panel.getByText(`Invoice ${invoice.Number}`, { exact: false }).waitFor();
      const pdf = panel.getByRole('link', { name: `PDF of invoice ${invoice.Number}` });
      expect(await pdf.getAttribute('href')).toMatch(new RegExp(`^/api/v1/billing/invoices/${invoice.Uid}/pdf\\?access_token=`));
      const bytes = await (await fetch(new URL((await pdf.getAttribute('href'))!, server.url))).arrayBuffer();
      expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
      await auditConsole(page, 'customer');
    } finally {
      await visitorContext.close();
    }

    // A member's token: the console's API refuses it, and the console shows its login, not the inbox.
    expect((await api('GET', '/api/v1/console/cases', { token: member.token })).status).toBe(401);
    const other = await session.browser.newContext();
    try {
      const page2 = await other.newPage();
      await page2.goto(`${server.url}/console/`);
      await page2.evaluate((t) => sessionStorage.setItem('portico.console.token', t), member.token);
      await page2.reload();
      await page2.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
      expect(await page2.getByRole('heading', { name: /^Inbox/ }).count()).toBe(0);
      expect(await page2.evaluate(() => sessionStorage.getItem('portico.console.token'))).toBeNull();
    } finally {
      await other.close();
    }
  });

  test('a help form case answered by mail: the customer\'s reply posted to the inbound endpoint appears in the same case, as text', async () => {
    const ops = await operator('Cy Mail');
    const customerEmail = uniqueEmail('mailer');
    const harness = await openHarness(session.context, server.url);
    const form = await openPopup(harness, 'support', {}, 'Contact support');
    await form.getByRole('textbox', { name: 'Email' }).fill(customerEmail);
    await form.getByRole('textbox', { name: 'Subject' }).fill('Export fails');
    await form.getByRole('textbox', { name: 'How can we help you?' }).fill('The export stops at 1,000 rows.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await harness.getByRole('dialog', { name: 'Thank you' }).getByText("We'll be in touch soon.").waitFor();
    await harness.close();

    const page = await signedInConsole(session.context, ops);
    const row = await search(page, customerEmail);
    await row.click();
    await conversation(page).getByText('The export stops at 1,000 rows.').waitFor();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByText('Assigned to you', { exact: false }).waitFor();
    const before = mails.length;
    await page.getByRole('textbox', { name: 'Reply' }).fill('Could you send the file?');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await conversation(page).getByText('Could you send the file?').waitFor();

    // The mail goes out with the case's Reply-To token; the customer answers it.
    let replyTo = '';
    await expect.poll(() => {
      const mail = mails.slice(before).find((m) => m.to.includes(customerEmail));
      replyTo = mail?.raw.match(/support\+[a-z2-7]{32}@northwind\.example/)?.[0] ?? '';
      return replyTo;
    }, { timeout: 15_000 }).not.toBe('');
    const raw = [
      `From: Customer <${customerEmail}>`, `To: ${replyTo}`, 'Subject: Re: Export fails', `Message-ID: <answer-${Date.now()}@customer.example>`,
      'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', 'Here it is: <b>not bold</b> <script>alert(1)</script>', '',
    ].join('\r\n');
    const posted = await fetch(new URL('/api/v1/inbound-mail', server.url), { method: 'POST', headers: { 'content-type': 'message/rfc822', 'x-portico-inbound-secret': INBOUND_SECRET }, body: raw });
    expect(posted.status, await posted.text()).toBe(201);
    // In the same open case, without a reload; the mail's markup is text.
    await conversation(page).getByText('Here it is: <b>not bold</b> <script>alert(1)</script>').waitFor();
    expect(await conversation(page).locator('b, script').count()).toBe(0);
    await auditConsole(page, 'mail-case');
  });

  test('each keyboard shortcut does its move: ? lists them, j and k move, r focuses the reply, e closes; none while typing', async () => {
    const ops = await operator('Di Keys');
    // Two more open cases (the help form's own route, JSON without attachments), so there is a next and a previous.
    for (const subject of ['Keys one', 'Keys two']) {
      const r = await api('POST', '/api/v1/public/support/cases', { body: { FromPerson: { Email: uniqueEmail('keys') }, Subject: subject, Body: 'Moving around.' } });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    const page = await signedInConsole(session.context, ops);
    await expect.poll(() => inboxList(page).getByRole('button').count()).toBeGreaterThanOrEqual(2);
    const rows = inboxList(page).getByRole('button');
    // A row by its case number (its Unread marker goes when it is opened).
    const numberOf = (text: string | null) => text?.match(/#\d+/)?.[0] ?? null;
    const current = async () => numberOf(await inboxList(page).locator('[aria-current="true"]').textContent());

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const text of ['Next conversation', 'Previous conversation', 'Focus the reply box', 'Close the conversation']) await help.getByText(text).waitFor();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    const first = numberOf(await rows.nth(0).textContent());
    const second = numberOf(await rows.nth(1).textContent());
    await page.keyboard.press('j');
    await expect.poll(current).toBe(first);
    await page.keyboard.press('j');
    await expect.poll(current).toBe(second);
    await page.keyboard.press('k');
    await expect.poll(current).toBe(first);

    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.waitFor();
    await page.keyboard.press('r');
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typing in the field: j is a letter there, not a move.
    await page.keyboard.type('jk');
    expect(await reply.inputValue()).toBe('jk');
    expect(await current()).toBe(first);
    await reply.fill('');
    await reply.evaluate((el) => (el as HTMLElement).blur());

    await page.getByRole('button', { name: 'Close conversation' }).waitFor();
    await page.keyboard.press('e');
    await page.getByRole('button', { name: 'Reopen conversation' }).waitFor();
    await conversation(page).getByText(/^Closed by Di Keys/).waitFor();
  });
});
