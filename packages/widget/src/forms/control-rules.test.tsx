import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InitSettings } from '@portico/core';
import { configuredFields, validateFields, type FieldRuleOptions } from '@portico/core/fields/index';
import { entry } from '@portico/core/fields/test-fields';
import { WidgetContext, type WidgetContextValue } from '../app/context.ts';
import { createTranslator } from '../i18n/translator.ts';
import { I18nProvider } from '../i18n/use-translation.ts';
import { provideControlRule, useControlRules } from './control-rules.ts';

function rulesOfAForm(settings: Partial<InitSettings>): FieldRuleOptions {
  let seen: FieldRuleOptions | null = null;
  function Form() {
    seen = useControlRules();
    return null;
  }
  renderToStaticMarkup(
    <I18nProvider i18n={createTranslator('en', { greeting: 'Hello' })}>
      <WidgetContext.Provider value={{ settings } as WidgetContextValue}><Form /></WidgetContext.Provider>
    </I18nProvider>,
  );
  return seen!;
}

describe('control rules: a control provides the rule core needs for it', () => {
  it('a form gets the rules its loaded controls provided, made with the settings and the translator', () => {
    const address = configuredFields([entry({ EntityType: 'Account', SystemName: 'BillingAddress', ControlType: 'Address' }, 'Required')]);
    expect(() => validateFields(address, {}, {})).toThrow(/no Address rule/);
    provideControlRule('Address', ({ settings, t }) => (field) => [{ Field: field.path, ErrorCode: 'Errors.Required', Message: `${t('greeting')} ${settings?.CaptchaProvider}` }]);
    const rules = rulesOfAForm({ CaptchaProvider: 'altcha' });
    expect(validateFields(address, {}, rules)).toEqual([{ Field: 'Account.BillingAddress', ErrorCode: 'Errors.Required', Message: 'Hello altcha' }]);
  });
});
