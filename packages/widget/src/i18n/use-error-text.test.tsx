import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DisplayError } from '../components/error-list-logic.ts';
import { createTranslator, type Resources } from './translator.ts';
import { useErrorText } from './use-error-text.ts';
import { I18nProvider } from './use-translation.ts';

/** What an error reads as on its first render, before the catalogue (loaded on demand) has arrived. */
function firstText(error: DisplayError, strings: Resources = {}): string {
  function Text() {
    const text = useErrorText(true);
    return <p>{text(error)}</p>;
  }
  return renderToStaticMarkup(<I18nProvider i18n={createTranslator('en', strings)}><Text /></I18nProvider>).replace(/^<p>|<\/p>$/g, '');
}

describe('useErrorText: errors by code, the catalogue loaded with the first one shown', () => {
  it("an error reads as its own message (core's rules and the server send one) before the catalogue has arrived", () => {
    expect(firstText({ code: 'Errors.Required', message: 'This field is required.' })).toBe('This field is required.');
  });

  it('a catalogue code with no message reads as nothing for those milliseconds, never as its code', () => {
    expect(firstText({ code: 'Errors.CaptchaRequired' })).toBe('');
    // An ApiProblem made without a message carries its code as one.
    expect(firstText({ code: 'Errors.CaptchaRequired', message: 'Errors.CaptchaRequired' })).toBe('');
  });

  it("a translation override (applied with the settings) and a screen's own strings read at once", () => {
    expect(firstText({ code: 'Errors.Required', message: 'This field is required.' }, { Errors: { Required: 'Pflichtfeld.' } })).toBe('Pflichtfeld.');
    expect(firstText({ code: 'support.tooMany', values: { count: 5 } }, { support: { tooMany: 'At most {{count}} files.' } })).toBe('At most 5 files.');
  });
});
