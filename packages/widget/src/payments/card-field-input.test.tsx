import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/use-translation.ts';
import { createTranslator } from '../i18n/translator.ts';
import { CardFieldInput, type CardFieldInputProps } from './card-field-input.tsx';

const i18n = createTranslator('en', {});

const render = (props: Partial<CardFieldInputProps>) => {
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <CardFieldInput id="c-Expiration" label="Exp" autoComplete="cc-exp" inputMode="numeric" placeholder="MM / YY"
        hint="Month and year as on the card, MM / YY" value="" error={undefined} onChange={() => {}} onBlur={() => {}} {...props} />
    </I18nProvider>,
  );
  return { html, input: attributesOf(html, 'input') };
};

/** The attributes of the first tag of that name, names lower-cased as HTML reads them (React writes `autoComplete`). */
function attributesOf(html: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)?.[1] ?? '';
  return Object.fromEntries([...open.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

describe('the expiry input', () => {
  it('asks for digits, names itself for autofill and shows MM / YY', () => {
    const { input, html } = render({});
    expect(input).toMatchObject({ id: 'c-Expiration', inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY', 'aria-required': 'true' });
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBe('c-Expiration-hint');
    expect(html).toContain('<label class="p-label" for="c-Expiration">Exp</label>');
  });

  it('in error: aria-invalid, and the message linked to the input', () => {
    const { input, html } = render({ value: '10 / 26', error: { code: 'Errors.CardExpired', message: 'This card has expired.' } });
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('c-Expiration-hint c-Expiration-error');
    expect(input.value).toBe('10 / 26');
    expect(html).toContain('<p id="c-Expiration-error" class="p-field-error">This card has expired.</p>');
  });

  it('a translation of the code wins over the default message', () => {
    i18n.addResource('en', 'translation', 'Errors.ExpirationDateInvalidFormat', 'Use MM / YY.');
    const { html } = render({ error: { code: 'Errors.ExpirationDateInvalidFormat', message: 'Expiration date is not in the correct format.' } });
    expect(html).toContain('>Use MM / YY.</p>');
  });
});
