/**
 * The spec's `fields` query parameter: a comma list of dotted paths choosing
 * what an answer returns, e.g. `Uid,CurrentSubscription.Plan.Uid` or `Plans.*`.
 * `*` at a level takes that level's plain values (not nested objects); a path
 * that stops at an object takes the whole object. Lists are projected item by item.
 */
export interface FieldTree {
  star: boolean;
  children: Map<string, FieldTree | true>;
}

export const FIELDS_PATTERN = /^\s*(\*|[A-Za-z_][A-Za-z0-9_]*)(\.(\*|[A-Za-z_][A-Za-z0-9_]*))*\s*(,\s*(\*|[A-Za-z_][A-Za-z0-9_]*)(\.(\*|[A-Za-z_][A-Za-z0-9_]*))*\s*)*$/;

export function parseFields(spec: string): FieldTree {
  const root: FieldTree = { star: false, children: new Map() };
  for (const raw of spec.split(',')) {
    const parts = raw.trim().split('.');
    let node = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i]!;
      if (part === '*') {
        node.star = true;
        break;
      }
      const existing = node.children.get(part);
      // A bare `Plan` already takes the whole Plan: deeper paths add nothing.
      if (existing === true) break;
      if (i === parts.length - 1) {
        node.children.set(part, true);
        break;
      }
      if (existing === undefined) {
        const child: FieldTree = { star: false, children: new Map() };
        node.children.set(part, child);
        node = child;
      } else {
        node = existing;
      }
    }
  }
  return root;
}

const isPlain = (v: unknown) => v === null || typeof v !== 'object' || v instanceof Date;

export function project(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, tree));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (tree.star) {
    for (const [k, v] of Object.entries(source)) {
      if (isPlain(v) || (Array.isArray(v) && v.every(isPlain))) out[k] = v;
    }
  }
  for (const [k, sub] of tree.children) {
    if (!(k in source)) continue;
    out[k] = sub === true ? source[k] : project(source[k], sub);
  }
  return out;
}

/** Applies an optional fields parameter to an answer. */
export function selectFields<T>(value: T, fields: string | undefined): T | unknown {
  if (!fields || fields.trim() === '') return value;
  return project(value, parseFields(fields));
}
