import { useContext, useMemo, useSyncExternalStore } from 'react';
import type { InitSettings } from '@portico/core';
import type { ControlRule, FieldRuleOptions } from '@portico/core/fields/index';
import { WidgetContext } from '../app/context.ts';
import type { TFunction } from '../i18n/translator.ts';
import { useTranslation } from '../i18n/use-translation.ts';

/** What a control's rule may read from the widget: the settings (the tax id types) and the translator (a message naming the type). */
export interface ControlRuleContext {
  settings: InitSettings | undefined;
  t: TFunction;
}

type RuleType = keyof FieldRuleOptions;
const provided = new Map<RuleType, (context: ControlRuleContext) => ControlRule>();
const listeners = new Set<() => void>();
let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};
const currentVersion = () => version;

/**
 * The rules of the controls whose checks need data of their own (core's FieldRuleOptions: the address's country
 * list, the tax id's types and formats) come with the module of the control that renders them
 * (components/fields/address-field.tsx, tax-id-field.tsx), which provides its rule when it loads: a form without
 * such a control (the help form, a lead form) downloads neither the control nor its rule (issue 18 page weight).
 * A control provides its rule again when it changes (the tax id's formats have loaded); the forms check again.
 */
export function provideControlRule(type: RuleType, rule: (context: ControlRuleContext) => ControlRule): void {
  provided.set(type, rule);
  version += 1;
  for (const listener of [...listeners]) listener();
}

/**
 * The control rules a form passes to core's field rules (use-form.ts; FormApi.rules for a check of its own,
 * such as the Google profile's): those the loaded controls provide. A form renders its controls from modules it
 * imports, so the rules of the controls it shows are there before its first check.
 */
export function useControlRules(): FieldRuleOptions {
  const at = useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const settings = useContext(WidgetContext)?.settings;
  const { t } = useTranslation();
  return useMemo(() => {
    void at; // a new version: a control provided a new rule
    const rules: FieldRuleOptions = {};
    for (const [type, rule] of provided) rules[type] = rule({ settings, t });
    return rules;
  }, [at, settings, t]);
}
