import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { describeFocus, HARNESS, openDemoPage } from './support/demo-page.ts';

/**
 * The form layer in Chromium (issue 7 "Forms"): the controls gallery renders
 * the demo company's configured fields (all twelve control types) through
 * ConfiguredField and useForm, and checks them with core's rules on submit.
 */
const session = browserPerFile();

async function openForm(): Promise<{ page: Page; form: Locator }> {
  const page = await openDemoPage(session.context, HARNESS);
  const form = page.locator('#controls-gallery').getByRole('form', { name: 'Configured fields' });
  await form.getByRole('textbox', { name: 'Email' }).waitFor();
  return { page, form };
}

/** The texts an element's aria-describedby points at (inside its shadow root). */
function description(locator: Locator): Promise<string | null> {
  return locator.evaluate((el) => {
    const ids = el.getAttribute('aria-describedby');
    if (!ids) return null;
    const root = el.getRootNode() as Document | ShadowRoot;
    return ids.split(/\s+/).map((id) => root.getElementById(id)?.textContent ?? '').join(' ');
  });
}

/** The deepest focused element (followed through shadow roots) is this one. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === el;
  });
}

const submit = (form: Locator) => form.getByRole('button', { name: 'Check the form' }).click();
const billing = (form: Locator) => form.getByRole('group', { name: 'Billing address' });

async function fillRequired(form: Locator) {
  await form.getByRole('textbox', { name: 'Email' }).fill('  ada@example.com ');
  await form.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  const address = billing(form);
  await address.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main St');
  await address.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await address.getByRole('textbox', { name: 'Postal code' }).fill('62701');
  await address.getByRole('combobox', { name: 'Country' }).selectOption('US');
}

async function sentPayload(form: Locator) {
  const pre = form.page().locator('#controls-gallery').getByRole('figure', { name: 'What the form would send' }).locator('pre');
  await pre.waitFor();
  return JSON.parse((await pre.textContent()) ?? '{}');
}

describe('configured fields through the form hook (gallery)', () => {
  test('all twelve control types render with a label that names them', async () => {
    const { form } = await openForm();
    const named = [
      form.getByRole('textbox', { name: 'Email' }), // Email
      form.getByRole('textbox', { name: 'First name' }), // Text
      form.getByRole('textbox', { name: 'Mobile phone' }), // Tel
      form.getByRole('combobox', { name: 'Mobile phone Country calling code' }),
      form.getByLabel('Birthday'), // Date
      form.getByRole('textbox', { name: 'About you' }), // TextArea
      form.getByRole('group', { name: 'Your role' }).getByRole('radio', { name: 'Engineer' }), // RadioList
      form.getByRole('combobox', { name: 'Company size' }), // Select
      form.getByRole('textbox', { name: 'Number of analysts' }), // Number
      form.getByRole('group', { name: 'What will you track?' }).getByRole('checkbox', { name: 'Sales' }), // CheckboxList
      billing(form).getByRole('textbox', { name: 'Address line 1' }), // Address
      form.getByRole('group', { name: 'Mailing address' }).getByRole('checkbox', { name: 'Same as billing address' }),
      form.getByRole('group', { name: 'Tax ID' }).getByRole('combobox', { name: 'Tax ID type' }), // TaxIdTypeTaxId
      form.getByRole('group', { name: 'Tax ID' }).getByRole('textbox', { name: 'Tax ID number' }),
      form.getByRole('checkbox', { name: 'I would like product tips by email' }), // Checkbox
    ];
    for (const control of named) {
      // The phone field is its own lazy chunk: wait for each control, then check it is the only one of that name.
      await control.first().waitFor();
      expect(await control.count(), String(control)).toBe(1);
    }
    expect(await form.getByLabel('Birthday').getAttribute('type')).toBe('date');
    // 'Same as' is ticked by default (SameAsLabelDefault), so the mailing address asks for nothing.
    expect(await form.getByRole('group', { name: 'Mailing address' }).getByRole('textbox').count()).toBe(0);
  });

  test('submitting empty shows the required errors, lists them and focuses the first invalid field', async () => {
    const { page, form } = await openForm();
    const email = form.getByRole('textbox', { name: 'Email' });
    // Nothing shows before the user has done anything.
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await submit(form);

    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await description(email)).toBe('Email is required.');
    expect(await description(form.getByRole('textbox', { name: 'Last name' }))).toBe('This field is required.');
    expect(await description(billing(form).getByRole('textbox', { name: 'City' }))).toBe('This field is required.');
    expect(await billing(form).getByRole('textbox', { name: 'State / Province' }).getAttribute('aria-invalid')).toBeNull();
    // Optional fields left empty are fine.
    expect(await form.getByRole('textbox', { name: 'Number of analysts' }).getAttribute('aria-invalid')).toBeNull();

    const list = form.getByRole('alert').filter({ hasText: 'Please correct the following errors:' });
    const items = await list.getByRole('listitem').allTextContents();
    expect(items).toEqual([
      'Email: Email is required.',
      'First name: This field is required.',
      'Last name: This field is required.',
      'Billing address: Address line 1: This field is required.',
      'Billing address: City: This field is required.',
      'Billing address: Country: This field is required.',
      'Billing address: Postal code: This field is required.',
    ]);
    await expect.poll(() => isFocused(email), { timeout: 2000 }).toBe(true);

    // Forms validate on each change: a fixed field drops out of the list at once.
    await email.fill('ada@');
    expect(await description(email)).toBe('Invalid email');
    await email.fill('ada@example.com');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await list.getByRole('listitem').count()).toBe(6);
    await expectNoSeriousViolations(page, { include: ['#controls-gallery'] });
  });

  test('a US address without a state: the state is required, and gets the focus', async () => {
    const { form } = await openForm();
    await fillRequired(form);
    await submit(form);
    const state = billing(form).getByRole('textbox', { name: 'State / Province' });
    await expect.poll(() => state.getAttribute('aria-invalid')).toBe('true');
    expect(await description(state)).toBe('This field is required.');
    expect(await form.getByRole('alert').textContent()).toBe('Billing address: State / Province: This field is required.');
    await expect.poll(() => isFocused(state), { timeout: 2000 }).toBe(true);

    // A country without states needs none.
    await billing(form).getByRole('combobox', { name: 'Country' }).selectOption('GB');
    expect(await state.getAttribute('aria-invalid')).toBeNull();
    await billing(form).getByRole('combobox', { name: 'Country' }).selectOption('US');
    await state.fill('IL');
    await form.getByRole('group', { name: 'What will you track?' }).getByRole('checkbox', { name: 'Product usage' }).check();
    await form.getByRole('group', { name: 'What will you track?' }).getByRole('checkbox', { name: 'Sales' }).check();
    await form.getByRole('group', { name: 'What will you track?' }).getByRole('checkbox', { name: 'Sales' }).uncheck();
    await form.getByRole('group', { name: 'Tax ID' }).getByRole('textbox', { name: 'Tax ID number' }).fill('DE123456789');
    await submit(form);

    const sent = await sentPayload(form);
    // Trimmed, unchecked entries dropped, the mailing address a copy, half a tax id not sent.
    expect(sent.Person.Email).toBe('ada@example.com');
    expect(sent.Account.FieldValues.Interests).toEqual(['product']);
    const address = { AddressLine1: '1 Main St', AddressLine2: '', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };
    expect(sent.Account.BillingAddress).toEqual(address);
    expect(sent.Account.MailingAddress).toEqual(address);
    expect(sent.Account).not.toHaveProperty('TaxIds');
  });

  test('a phone number is shown in international format with its country, and sent as E.164', async () => {
    const { form } = await openForm();
    const phone = form.getByRole('textbox', { name: 'Mobile phone' });
    const country = form.getByRole('combobox', { name: 'Mobile phone Country calling code' });
    expect(await country.inputValue()).toBe('US');
    await phone.pressSequentially('2133734253');
    await phone.blur();
    expect(await phone.inputValue()).toBe('+1 213 373 4253');
    expect(await phone.getAttribute('aria-invalid')).toBeNull();

    // A number with another country code switches the flag.
    await phone.fill('');
    await phone.pressSequentially('+442071838750');
    expect(await phone.inputValue()).toBe('+44 20 7183 8750');
    expect(await country.inputValue()).toBe('GB');
    expect(await country.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('🇬🇧 United Kingdom +44');

    // A number that cannot be right says so once the user leaves it.
    await phone.fill('12345');
    await phone.blur();
    expect(await description(phone)).toBe('Enter a valid phone number.');
    await phone.fill('+44 20 7183 8750');

    await fillRequired(form);
    await billing(form).getByRole('textbox', { name: 'State / Province' }).fill('IL');
    await submit(form);
    expect((await sentPayload(form)).Person.PhoneMobile).toBe('+442071838750');
  });

  test("the server's FieldErrors go on the fields they name and in the error list; focus goes to the first", async () => {
    const { page, form } = await openForm();
    await fillRequired(form);
    await billing(form).getByRole('textbox', { name: 'State / Province' }).fill('IL');
    await form.getByRole('checkbox', { name: 'Answer like a server that already has this email' }).check();
    await submit(form);

    const email = form.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await description(email)).toBe('An account with this email already exists.');
    const items = await form.getByRole('alert').getByRole('listitem').allTextContents();
    // The one naming no field of this form is listed first, without a label.
    expect(items).toEqual(['This plan is not available.', 'Email: An account with this email already exists.']);
    await expect.poll(() => isFocused(email), { timeout: 2000 }).toBe(true);
    expect(await describeFocus(page)).toContain('input');

    // Changing the field clears the server's error on it.
    await email.fill('grace@example.com');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await expectNoSeriousViolations(page, { include: ['#controls-gallery'] });
  });
});
