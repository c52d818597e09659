import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { auditBothThemes } from './support/axe.ts';
import { apiCalls } from './support/api-calls.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { decodedMail, mailboxPerFile, type Mail } from './support/mailbox.ts';
import { companyConfigPerFile } from './support/members-site.ts';
import { freeSignUpBody, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 18 "Must show" in Chromium, by role and label, axe light and dark at 1280 and 390 px: the
 * preferences saved from a link read out of a real mail (the in-process SMTP inbox); a double opt-in
 * confirmed from its mail, where a scripted GET of the link confirms nothing; a one-click unsubscribe
 * by a plain POST (as a mail provider sends it) seen on the preferences screen; unsubscribe with a reason.
 */
const ADMIN_KEY = 'e2e-email-lists-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
// Without the captcha (the preferences screen shows it when configured; captcha.e2e.ts covers the widget).
companyConfigPerFile(env, 'email-lists', (demo) => {
  const config = demo.replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none');
  expect(config).toContain('provider: none');
  return config;
});
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

/** A sign-up over the API with 'Sign up for email updates' ticked: on the newsletter (the sign-up list). */
async function optedIn(tag: string): Promise<{ email: string; uid: string }> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const body = freeSignUpBody(email, PASSWORD, nonce.json.Value);
  const res = await api('POST', '/api/v1/crm/registrations', { body: { ...body, Person: { ...body.Person, OptInToEmailList: true } } });
  expect(res.status).toBe(201);
  return { email, uid: res.json.Person.Uid as string };
}

/** The newest mail to `to` whose text has `pattern` (the outbox delivers within a second or two). */
async function mailTo(to: string, pattern: RegExp, after = 0): Promise<{ mail: Mail; match: RegExpExecArray }> {
  for (let i = 0; i < 150; i++) {
    for (const mail of mails.slice(after).reverse()) {
      const match = mail.to.includes(to) ? pattern.exec(decodedMail(mail.raw)) : null;
      if (match) return { mail, match };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** A mail to the person (a reset link asked for): its footer carries the preferences link. */
async function preferencesLinkMailed(email: string): Promise<string> {
  const before = mails.length;
  expect((await api('POST', '/api/v1/crm/people/forgotPassword', { body: { Email: email, ResetUrl: `${server.url}/` } })).status).toBeLessThan(300);
  return (await mailTo(email, /(http:\/\/\S+?portico_lists=manage&listsToken=[\w.-]+)/, before)).match[1]!;
}

const status = async (uid: string, list: string): Promise<string | undefined> => {
  const page = await api('GET', `/api/v1/admin/email-lists/${list}/subscribers?limit=1000`, { admin: true });
  return (page.json.items as { Person: { Uid: string }; Status: string }[]).find((s) => s.Person.Uid === uid)?.Status;
};

const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

async function openLink(link: string, width = 1280): Promise<Page> {
  const context = width === 1280 ? session.context : await newContext(session.browser, { viewport: { width, height: 860 } });
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

describe('email lists in Chromium', () => {
  test('preferences saved from a mailed link; double opt-in confirmed from its mail, a scripted GET confirms nothing', async () => {
    const person = await optedIn('prefs');
    const link = await preferencesLinkMailed(person.email);
    const page = await openLink(link);
    const manage = dialog(page, 'Email preferences');
    const newsletter = manage.getByRole('switch', { name: 'Monthly newsletter' });
    await expect.poll(() => newsletter.getAttribute('aria-checked')).toBe('true');
    const save = manage.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    await auditBothThemes(page, manage, 'email-lists-manage');
    await manage.getByRole('switch', { name: 'Webinar invitations' }).click();
    expect(await save.isDisabled()).toBe(false);
    await manage.getByRole('switch', { name: 'Webinar invitations' }).click();
    expect(await save.isDisabled()).toBe(true); // back as it was: no change
    await manage.getByRole('switch', { name: 'Webinar invitations' }).click();
    const before = mails.length;
    await save.click();
    const check = dialog(page, 'Please check your email');
    await check.getByText(/We sent you an email to confirm your subscription to Webinar invitations/).waitFor();
    await auditBothThemes(page, check, 'email-lists-check-email');
    expect(await status(person.uid, 'list-webinars')).toBe('Subscribed'); // waiting for the confirmation

    const { match } = await mailTo(person.email, /(http:\/\/\S+?portico_lists=confirm&listConfirmToken=[\w-]{43}&listUid=[\w-]+)/, before);
    const confirmLink = match[1]!;
    // What a mail scanner does: fetch the link (and whatever GETs the page makes) — nothing changes.
    expect((await fetch(confirmLink)).status).toBe(200);
    expect(await status(person.uid, 'list-webinars')).toBe('Subscribed');
    const confirmPage = await openLink(confirmLink);
    const confirm = dialog(confirmPage, 'Confirm subscription');
    await confirm.getByText('Press the button to confirm your subscription to Webinar invitations.').waitFor();
    expect(await status(person.uid, 'list-webinars')).toBe('Subscribed'); // opening the page changed nothing
    await auditBothThemes(confirmPage, confirm, 'email-lists-confirm');
    await confirm.getByRole('button', { name: 'Confirm subscription' }).click();
    const thanks = dialog(confirmPage, 'Thank you');
    await thanks.getByText('You are now subscribed to the Webinar invitations list.').waitFor();
    await auditBothThemes(confirmPage, thanks, 'email-lists-subscribed');
    expect(await status(person.uid, 'list-webinars')).toBe('Confirmed');
    // The screen's own Close (the dialog's × is named Close too).
    await thanks.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await thanks.waitFor({ state: 'detached' });

    // The same link again: refused, clearly.
    const again = await openLink(confirmLink);
    const replay = dialog(again, 'Confirm subscription');
    await replay.getByRole('button', { name: 'Confirm subscription' }).click();
    // Named for what the link was for, not 'Thank you' above an error; the popup's own Close ends it.
    const refused = dialog(again, 'Confirm subscription');
    await refused.getByText(/^This confirmation link was already used or has expired\./).waitFor();
    await refused.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).waitFor();
  });

  test('one-click unsubscribe by a plain POST shows on the preferences screen; unsubscribe with a reason (390 px too)', async () => {
    const person = await optedIn('oneclick');
    const link = await preferencesLinkMailed(person.email);
    const { mail } = await mailTo(person.email, /listsToken=/);
    const header = /^List-Unsubscribe:\s*<([^>]+)>/mi.exec(mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ''))!;
    expect(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/mi.test(mail.raw)).toBe(true);
    // As a mail provider sends it: no cookie, no page, the form body of RFC 8058.
    const res = await fetch(header[1]!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    const page = await openLink(link);
    const manage = dialog(page, 'Email preferences');
    const newsletter = manage.getByRole('switch', { name: 'Monthly newsletter' });
    await newsletter.waitFor();
    expect(await newsletter.getAttribute('aria-checked')).toBe('false');

    // Subscribed again from the screen, then the unsubscribe link with a reason, at phone width.
    await newsletter.click();
    await manage.getByRole('button', { name: 'Save' }).click();
    await dialog(page, 'Thank you').getByRole('button', { name: 'Manage subscriptions' }).waitFor();
    expect(await status(person.uid, 'list-newsletter')).toBe('Subscribed');
    const phone = await openLink(link.replace('portico_lists=manage', 'portico_lists=unsubscribe') + '&listUid=list-newsletter', 390);
    const form = dialog(phone, 'Unsubscribe');
    await form.getByText('You are unsubscribing from Monthly newsletter.').waitFor();
    const submit = form.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole('radio', { name: 'Other (please explain)' }).check();
    expect(await submit.isDisabled()).toBe(true); // 'other' needs text
    await form.getByRole('textbox', { name: 'Tell us why' }).fill('Too often for me');
    expect(await submit.isDisabled()).toBe(false);
    await auditBothThemes(phone, form, 'email-lists-unsubscribe-390');
    await submit.click();
    const done = dialog(phone, 'Unsubscribed');
    await done.getByText('You were unsubscribed. You will not get these emails any more.').waitFor();
    await auditBothThemes(phone, done, 'email-lists-unsubscribed-390');
    expect(await status(person.uid, 'list-newsletter')).toBe('Unsubscribed');
    // The same link opened again: nothing is left to unsubscribe from, and the screen says so instead of asking again.
    await phone.goto(link.replace('portico_lists=manage', 'portico_lists=unsubscribe') + '&listUid=list-newsletter');
    const again = dialog(phone, 'Unsubscribe');
    await again.getByText('You are not subscribed to Monthly newsletter: you will not get these emails.').waitFor();
    expect(await again.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await auditBothThemes(phone, again, 'email-lists-unsubscribe-again-390');
    const manage390 = await openLink(link, 390);
    const m = dialog(manage390, 'Email preferences');
    await m.getByRole('switch', { name: 'Monthly newsletter' }).waitFor();
    await auditBothThemes(manage390, m, 'email-lists-manage-390');
  });
  test('a broken or expired link has a way on: "Email me a new link" mails a fresh one that opens the preferences (390 px)', async () => {
    const person = await optedIn('newlink');
    const link = await preferencesLinkMailed(person.email);
    const forged = link.replace(/listsToken=([\w-]+)\.(\d+)\.[\w-]+/, 'listsToken=$1.$2.' + 'A'.repeat(43));
    const page = await openLink(forged, 390);
    const broken = dialog(page, 'Email preferences');
    await broken.getByText('This link is not valid or has expired.').waitFor();
    const form = broken.getByRole('form', { name: 'Get a new link' });
    await form.getByRole('button', { name: 'Email me a new link' }).click();
    await form.getByText('Email is required.').first().waitFor(); // the form's own rule, before any call
    await auditBothThemes(page, broken, 'email-lists-link-invalid-390');
    const before = mails.length;
    await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
    await form.getByRole('button', { name: 'Email me a new link' }).click();
    await broken.getByRole('status').getByText(`If ${person.email} gets emails from us, a new link is on its way. It works for 90 days.`).waitFor();
    await auditBothThemes(page, broken, 'email-lists-new-link-sent-390');
    const fresh = (await mailTo(person.email, /(http:\/\/\S+?portico_lists=manage&listsToken=[\w.-]+)/, before)).match[1]!;
    await page.goto(fresh);
    await dialog(page, 'Email preferences').getByRole('switch', { name: 'Monthly newsletter' }).waitFor();
    expect(await dialog(page, 'Email preferences').getByRole('switch', { name: 'Monthly newsletter' }).isChecked()).toBe(true);
  });
});
