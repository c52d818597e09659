import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { HARNESS } from './demo-page.ts';
import { startServer, type StartedServer } from './server.ts';

/**
 * A server of its own for a sign-up test file: its rate limits count this file's sign-ups only
 * (intents 30 a minute per address), and `env` may give it another config, SMTP or keys.
 */
export function serverPerFile(env: Record<string, string> = {}): { url: string } {
  const holder = { url: '' };
  let server: StartedServer | null = null;
  beforeAll(async () => {
    server = await startServer({ env });
    holder.url = server.url;
  });
  afterAll(async () => { await server?.stop(); });
  return holder;
}

/** A fresh address per sign-up: the one server of the run keeps every account. */
export const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Medium-style dates as the widget shows them (en, read as UTC days). */
export const medium = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
/** Money as the widget shows it (en-US, USD). */
export const usd = (major: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(major);

/** The harness page with window.Portico ready. */
export async function openHarness(context: BrowserContext, server: string, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(new URL(`${HARNESS}${query}`, server).href);
  await page.waitForFunction(() => 'Portico' in window);
  return page;
}

/** Opens a state in the popup; returns the dialog, named by the screen's heading. */
export async function openPopup(page: Page, state: string, params: Record<string, unknown> = {}, heading = 'Sign up'): Promise<Locator> {
  await page.evaluate(([s, p]) => (window as unknown as { Portico: { open(s: string, o: object): Promise<void> } }).Portico.open(s as string, { params: p }), [state, params] as const);
  const dialog = page.getByRole('dialog', { name: heading });
  await dialog.getByRole('heading', { name: heading, level: 2 }).waitFor();
  return dialog;
}

export interface Person {
  email: string;
  first?: string;
  last?: string;
  /** A US address in this state (CA is taxed 7.25 % by the demo company). */
  state?: string;
  /**
   * The billing address: true fills it (it must be there), false checks it is not asked (issue 15: the
   * demo company asks it only when the plan costs something), unset fills it when the form asks it.
   */
  address?: boolean;
}

/** Fills the demo company's required registration fields. */
export async function fillPerson(form: Locator, p: Person): Promise<void> {
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(p.email);
  await form.getByRole('textbox', { name: 'First name', exact: true }).fill(p.first ?? 'Ada');
  await form.getByRole('textbox', { name: 'Last name', exact: true }).fill(p.last ?? 'Lovelace');
  const address = form.getByRole('group', { name: 'Billing address' });
  const asked = (await address.count()) > 0;
  if (p.address === false || (p.address === undefined && !asked)) {
    expect(asked, 'no billing address is asked').toBe(false);
    return;
  }
  await address.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market St');
  await address.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await address.getByRole('textbox', { name: 'Postal code' }).fill('94105');
  await address.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await address.getByRole('textbox', { name: 'State / Province' }).fill(p.state ?? 'CA');
}

export const SANDBOX = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' };

/** Fills the sandbox's card form (spec 1: Name on card, Card number, Exp, CVV). */
export async function fillCard(form: Locator, number = SANDBOX.ok): Promise<void> {
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Ada Lovelace');
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('textbox', { name: 'Exp' }).fill(`12/${new Date().getUTCFullYear() + 3}`);
  await form.getByRole('textbox', { name: 'CVV' }).fill('123');
}

export async function acceptTerms(form: Locator): Promise<void> {
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

/**
 * ALTCHA solves itself once it has started, on the visitor's first interaction with the form (captcha/use-captcha.tsx);
 * the submit waits for it. A test that has not touched the form yet focuses its first field, as a visitor would.
 */
export async function captchaSolved(form: Locator): Promise<void> {
  const solved = form.getByText('Checked: you are a person.', { exact: true });
  if (!(await form.getByRole('group', { name: 'Spam protection' }).count())) await form.locator('input:visible, textarea:visible').first().focus();
  await solved.waitFor({ timeout: 30_000 });
}

/** The registration request the widget sends (to read its payment's client secret). */
export function registrationRequest(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/crm/registrations', { timeout: 30_000 });
}

/** The registration's JSON body, whether it went as JSON or as the multipart `account` part. */
export function registrationBody(request: Request): Record<string, unknown> {
  const type = request.headers()['content-type'] ?? '';
  const raw = request.postData() ?? '';
  if (type.startsWith('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  const json = /name="account"\r\n\r\n([\s\S]*?)\r\n--/.exec(raw)?.[1];
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

/** The sandbox gateway's own view of an intent (what a provider's dashboard would show). */
export async function sandboxIntent(server: string, clientSecret: string): Promise<{ status: string; amount: number; object: string }> {
  const res = await fetch(`${server}/sandbox/v1/intents?client_secret=${encodeURIComponent(clientSecret)}`);
  return (await res.json()) as { status: string; amount: number; object: string };
}

/** The body of a free sign-up over the API: Ada Lovelace with a password, Analytical Engines in San Francisco, on the free plan. */
export function freeSignUpBody(email: string, password: string, nonce: unknown) {
  return {
    Person: { Email: email, FirstName: 'Ada', LastName: 'Lovelace', Password: password },
    Account: { Name: 'Analytical Engines', BillingAddress: { AddressLine1: '1 Market St', City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' } },
    Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    TermsAccepted: true, Nonce: nonce,
  };
}
