import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultMessages } from '@portico/core/errors/default-messages';
import { createTranslator } from './translator.ts';
import type { Resources, TOptions } from './translator.ts';

// Every string file of the widget: en.ts and the lazy en-*.ts of each feature.
const files = import.meta.glob<Record<string, unknown>>(['../**/en.ts', '../**/en-*.ts'], { eager: true });

/** The catalogue's messages nested at their dots, as register-error-strings.ts adds them. */
function nested(flat: Record<string, string>): Resources {
  const out: Resources = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Resources;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

const trees: [string, Resources][] = [
  ...Object.entries(files).flatMap(([file, mod]) =>
    Object.entries(mod).filter(([, v]) => typeof v === 'object' && v !== null).map(([name, v]) => [`${file} ${name}`, v as Resources] as [string, Resources])),
  ['core defaultMessages', nested(defaultMessages as Record<string, string>)],
];

function leaves(tree: Resources, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

async function reference(resources: Resources) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { en: { translation: resources } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false }, returnNull: false, initAsync: false });
  return i18n;
}

/** The option sets each key is asked with: none, every variable it names, and each plural count. */
function optionSets(text: string, isPlural: boolean): TOptions[] {
  const names = [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]!.trim());
  const values = Object.fromEntries(names.map((n, i) => [n, `<${n}${i}>`]));
  const sets: TOptions[] = [{}, values, { ...values, defaultValue: 'unused {{x}}' }];
  if (isPlural || names.includes('count')) for (const count of [0, 1, 2, 21, 1.5]) sets.push({ ...values, count });
  return sets;
}

describe('the translator answers as i18next does', () => {
  expect(trees.length, 'string files found').toBeGreaterThan(10);
  for (const [name, tree] of trees) {
    it(`every string of ${name}`, async () => {
      const ours = createTranslator('en', tree);
      const theirs = await reference(tree);
      const keys = new Map<string, { text: string; plural: boolean }>();
      for (const [key, text] of leaves(tree)) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        const had = keys.get(base);
        keys.set(base, { text: (had?.text ?? '') + text, plural: had !== undefined || base !== key });
      }
      expect(keys.size).toBeGreaterThan(0);
      for (const [key, { text, plural }] of keys) {
        for (const options of optionSets(text, plural)) {
          expect(ours.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(theirs.t(key, options));
        }
      }
    });
  }

  it('a missing key: the default value (interpolated), else the key itself', async () => {
    const ours = createTranslator('en', { a: { b: 'B' } });
    const theirs = await reference({ a: { b: 'B' } });
    for (const [key, options] of [['a.c', {}], ['a.c', { defaultValue: 'Hi {{name}}', name: 'Ada' }], ['nothing', { count: 2 }]] as const) {
      expect(ours.t(key, options)).toBe(theirs.t(key, options as never));
    }
    // A key that names a group, not a string: the key, as a missing one (i18next 26 writes a warning
    // sentence instead, and announces the key from version 27 on).
    expect(ours.t('a')).toBe('a');
  });

  it('values: numbers and null as i18next writes them, a variable not passed stays as written, one passed as undefined is empty', async () => {
    const tree = { s: '{{n}}|{{z}}|{{missing}}|{{u}}|{{ spaced }}|{{o.deep}}' };
    const ours = createTranslator('en', tree);
    const theirs = await reference(tree);
    const options = { n: 42, z: null, u: undefined, spaced: 'yes', o: { deep: 'D' } };
    expect(ours.t('s', options)).toBe(theirs.t('s', options));
    expect(ours.t('s', options)).toBe('42||{{missing}}||yes|D');
  });

  it('an override set at a dotted key wins over the bundled string; a lazy bundle added later does not overwrite it', async () => {
    const ours = createTranslator('en', { common: { save: 'Save' } });
    const theirs = await reference({ common: { save: 'Save' } });
    for (const i18n of [ours, theirs]) {
      i18n.addResource('en', 'translation', 'common.save', 'Keep');
      i18n.addResource('en', 'translation', 'billing.order.total', 'Grand total');
      i18n.addResourceBundle('en', 'translation', { billing: { order: { total: 'Total', tax: 'Tax' } } }, true, false);
    }
    for (const key of ['common.save', 'billing.order.total', 'billing.order.tax']) expect(ours.t(key)).toBe(theirs.t(key));
    expect(ours.t('billing.order.total')).toBe('Grand total');
  });

  it('tells its subscribers about every change, and stops when asked', () => {
    const ours = createTranslator('en', {});
    let calls = 0;
    const stop = ours.subscribe(() => (calls += 1));
    ours.addResource('en', 'translation', 'a', 'A');
    ours.addResourceBundle('en', 'translation', { b: 'B' });
    stop();
    ours.addResource('en', 'translation', 'c', 'C');
    expect(calls).toBe(2);
  });

  it('does not change the string files it was given, nor the lazy bundles merged in', () => {
    const en = { a: 'A', common: { save: 'Save', deep: { x: 'X' } } };
    const lazy = { billing: { total: 'Total' }, common: { cancel: 'Cancel' } };
    const ours = createTranslator('en', en);
    ours.addResource('en', 'translation', 'a', 'changed');
    ours.addResource('en', 'translation', 'common.deep.x', 'Y');
    ours.addResourceBundle('en', 'translation', lazy);
    ours.addResource('en', 'translation', 'billing.total', 'Sum');
    expect(en).toEqual({ a: 'A', common: { save: 'Save', deep: { x: 'X' } } });
    expect(lazy).toEqual({ billing: { total: 'Total' }, common: { cancel: 'Cancel' } });
    expect([ours.t('a'), ours.t('common.deep.x'), ours.t('common.save'), ours.t('common.cancel'), ours.t('billing.total')]).toEqual(['changed', 'Y', 'Save', 'Cancel', 'Sum']);
    // A second translator from the same files starts from them as they were.
    expect(createTranslator('en', en).t('common.deep.x')).toBe('X');
  });
});
