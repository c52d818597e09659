/**
 * The widget's translator: the part of i18next the widget uses, in about 1 KB instead of i18next's
 * 13 KB (brotli) on every first screen (docs/decisions.md, "The first screen without i18next").
 * Same resource format (nested JSON, `{{name}}` interpolation, `_zero`/`_one`/`_other` plural
 * keys by Intl.PluralRules), same calls (`t`, `addResource`, `addResourceBundle`, `language`),
 * same answers: `translator.test.ts` runs every English string of the widget through both and
 * compares. Not supported (no widget string uses them): namespaces, context, nesting `$t()`,
 * `{{value, format}}`, ordinal plurals, returnObjects. Values are not escaped: React escapes.
 */
export type Resources = { [key: string]: string | Resources };

export interface TOptions {
  /** Picks the plural form (`key_one`, `key_other`; `key_zero` for 0 when present) and fills `{{count}}`. */
  count?: number;
  /** The text when the key has none (interpolated like a found one). */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  /** The language shown (only English is bundled). */
  readonly language: string;
  t: TFunction;
  /** Sets one string at a dotted key (a translation override). The namespace argument is i18next's; only 'translation' exists. */
  addResource(lng: string, ns: string, key: string, value: string): void;
  /** Merges a tree of strings; with `overwrite` false an existing string (an override) is kept. */
  addResourceBundle(lng: string, ns: string, resources: Record<string, unknown>, deep?: boolean, overwrite?: boolean): void;
  /** Calls `listener` after every change of the strings; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const isTree = (v: unknown): v is Resources => typeof v === 'object' && v !== null;

// A first screen asks for a few hundred strings: each key is split once.
const keyParts = new Map<string, string[]>();
const partsOf = (key: string): string[] => {
  let parts = keyParts.get(key);
  if (!parts) keyParts.set(key, (parts = key.split('.')));
  return parts;
};

function lookup(tree: Resources | undefined, key: string): string | undefined {
  let node: Resources | string | undefined = tree;
  for (const part of partsOf(key)) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  // A flat key with dots ('Errors.Foo' stored as one key) is found too, as i18next does.
  if (node === undefined && tree && typeof tree[key] === 'string') node = tree[key];
  return typeof node === 'string' ? node : undefined;
}

/**
 * The store shares the string files' objects and copies a node only when it changes (no copy of every
 * string at start-up, on the first screen's main thread; the files themselves are never changed).
 * `own` holds the nodes this store made, which it may change in place.
 */
function writable(parent: Resources, key: string, own: WeakSet<Resources>): Resources {
  const current = parent[key];
  if (isTree(current) && own.has(current)) return current;
  const copy: Resources = isTree(current) ? { ...current } : {};
  own.add(copy);
  parent[key] = copy;
  return copy;
}

function merge(target: Resources, source: Resources, overwrite: boolean, own: WeakSet<Resources>): void {
  for (const [k, v] of Object.entries(source)) {
    const current = target[k];
    if (isTree(v) && isTree(current)) merge(writable(target, k, own), v, overwrite, own);
    else if (overwrite || current === undefined) target[k] = v; // a new group is shared, copied when changed
  }
}

/** `{{name}}` → String(values.name); a name not passed at all stays as written (i18next's skipOnVariables). */
function interpolate(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, raw: string) => {
    const name = raw.trim();
    const value = name.split('.').reduce<unknown>((v, part) => (isTree(v) ? (v as Record<string, unknown>)[part] : undefined), values);
    if (value === undefined) return Object.hasOwn(values, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

export function createTranslator(language: string, resources: Resources, fallback = language): Translator {
  const own = new WeakSet<Resources>();
  const root = (tree: Resources) => {
    const copy = { ...tree };
    own.add(copy);
    return copy;
  };
  const store = new Map<string, Resources>([[language, root(resources)]]);
  const listeners = new Set<() => void>();
  const plurals = new Map<string, Intl.PluralRules>();
  const changed = () => listeners.forEach((fn) => fn());
  const tree = (lng: string) => {
    let t = store.get(lng);
    if (!t) store.set(lng, (t = root({})));
    return t;
  };
  const pluralOf = (lng: string, count: number) => {
    let rules = plurals.get(lng);
    if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
    return rules.select(count);
  };

  // i18next's lookup order: `key_zero` (count 0), `key_<plural form>`, then `key`; in the language, then the fallback.
  const languages = language === fallback ? [language] : [language, fallback];
  const find = (lng: string, key: string, count: unknown): string | undefined => {
    const strings = store.get(lng);
    if (typeof count === 'number') {
      const found = (count === 0 ? lookup(strings, `${key}_zero`) : undefined) ?? lookup(strings, `${key}_${pluralOf(lng, count)}`);
      if (found !== undefined) return found;
    }
    return lookup(strings, key);
  };

  const t: TFunction = (key, options = {}) => {
    for (const lng of languages) {
      const found = find(lng, key, options.count);
      if (found !== undefined) return interpolate(found, options);
    }
    return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
  };

  return {
    get language() {
      return language;
    },
    t,
    addResource(lng, _ns, key, value) {
      const parts = key.split('.');
      let node = tree(lng);
      for (const part of parts.slice(0, -1)) node = writable(node, part, own);
      node[parts[parts.length - 1]!] = value;
      changed();
    },
    addResourceBundle(lng, _ns, resources, _deep = true, overwrite = false) {
      merge(tree(lng), resources as Resources, overwrite, own);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
