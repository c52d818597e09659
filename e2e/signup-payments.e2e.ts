import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import {
  SANDBOX, acceptTerms, captchaSolved, serverPerFile, fillCard, fillPerson, openHarness, openPopup, registrationBody, registrationRequest, sandboxIntent, uniqueEmail,
} from './support/signup.ts';

const session = browserPerFile();
const server = serverPerFile();
const onePage = { planUid: 'plan-pro', term: 'Monthly', skipPlanOptions: true };

/** A 1×1 PNG, as a person's photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Register for Pro with a CA address (due now $137.28) and the given card, then press pay. */
async function payWith(page: Page, card: string, email = uniqueEmail('card'), image = false) {
  const dialog = await openPopup(page, 'register', onePage);
  await fillPerson(dialog, { email });
  if (image) await dialog.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await acceptTerms(dialog);
  await fillCard(dialog, card);
  await captchaSolved(dialog);
  const pay = dialog.getByRole('button', { name: 'Sign up and pay $137.28' });
  await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
  await pay.click();
  return dialog;
}

describe('card outcomes and the return from the bank (sandbox gateway)', () => {
  test('a declined card says so, nothing is registered, and another card then goes through', async () => {
    const page = await openHarness(session.context, server.url);
    let registrations = 0;
    page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/v1/crm/registrations') registrations++; });
    const dialog = await payWith(page, SANDBOX.declined);
    await dialog.getByText('Your card was declined.').waitFor();
    expect(registrations).toBe(0);
    await dialog.getByRole('textbox', { name: 'Card number' }).fill(SANDBOX.ok);
    const sent = registrationRequest(page);
    await dialog.getByRole('button', { name: 'Sign up and pay $137.28' }).click();
    expect((await (await sent).response())!.status()).toBe(201);
    await page.getByRole('dialog', { name: 'Almost done' }).waitFor();
  });

  test("authentication required: 'Authenticate your payment', the bank's page, then the return completes the sign-up (processing)", async () => {
    const page = await openHarness(session.context, server.url);
    const email = uniqueEmail('3ds');
    const dialog = await payWith(page, SANDBOX.authenticate, email);
    await dialog.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    // Back on the page: the loader opens processing, which registers from the flow draft.
    const request = await registrationRequest(page);
    const body = registrationBody(request);
    expect((body.Person as { Email: string }).Email).toBe(email);
    expect((body.Subscription as { Plan: { Uid: string } }).Plan.Uid).toBe('plan-pro');
    expect((await request.response())!.status()).toBe(201);
    await page.getByRole('dialog', { name: 'Almost done' }).getByText(`We sent an email to ${email}.`, { exact: false }).waitFor();
    // redirect_status, payment_intent and the widget's own return keys were read and removed.
    const query = new URL(page.url()).searchParams;
    expect(['redirect_status', 'payment_intent', 'payment_intent_client_secret', 'portico_action', 'portico_from'].filter((k) => query.has(k))).toEqual([]);
    const secret = (body.PaymentInformation as { PaymentClientSecret: string }).PaymentClientSecret;
    await expect.poll(async () => (await sandboxIntent(server.url, secret)).status, { timeout: 15_000, interval: 1000 }).toBe('succeeded');
  });

  test('the profile photo picked before the bank\'s page is registered after the return (kept beside the flow draft)', async () => {
    const page = await openHarness(session.context, server.url);
    const email = uniqueEmail('3ds-photo');
    const dialog = await payWith(page, SANDBOX.authenticate, email, true);
    await dialog.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    const request = await registrationRequest(page);
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);
    const response = (await request.response())!;
    expect(response.status()).toBe(201);
    const answer = await response.json() as { Person: { Email: string; ProfileImageUrl: string | null } };
    expect(answer.Person.Email).toBe(email);
    const stored = await fetch(new URL(answer.Person.ProfileImageUrl!, server.url));
    expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
    await page.getByRole('dialog', { name: 'Almost done' }).waitFor();
  });

  test('a failed authentication reopens checkout with the stored subscription and Errors.PaymentInformationSetupFailed; another card then completes the sign-up', async () => {
    const page = await openHarness(session.context, server.url);
    const email = uniqueEmail('3ds-fail');
    const dialog = await payWith(page, SANDBOX.authenticate, email);
    await dialog.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('alert').getByText('We could not setup this payment method. Please try again.').waitFor();
    expect(new URL(page.url()).searchParams.has('redirect_status')).toBe(false);
    // The stored subscription: Pro, Monthly, the same total.
    await checkout.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: 'Total due today $137.28' }).waitFor();
    await fillCard(checkout);
    await captchaSolved(checkout);
    const sent = registrationRequest(page);
    await checkout.getByRole('button', { name: 'Sign up and pay $137.28' }).click();
    const request = await sent;
    expect((registrationBody(request).Person as { Email: string }).Email).toBe(email);
    expect((registrationBody(request).Subscription as { Plan: { Uid: string } }).Plan.Uid).toBe('plan-pro');
    expect((await request.response())!.status()).toBe(201);
    await page.getByRole('dialog', { name: 'Almost done' }).waitFor();
  });
});
