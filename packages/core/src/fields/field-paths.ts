/**
 * One syntax for field paths, on the wire and in the widget: dotted segments
 * into the JSON body, PascalCase like every entity, array indices as numeric
 * segments. `Person.Email`, `Account.BillingAddress.PostalCode`,
 * `Person.FieldValues.Birthday`, `Account.TaxIds.0.TaxId`. The server's
 * FieldErrors[].Field and the widget's error map both use it.
 */
export type PathSegment = string | number;

export function joinPath(...segments: readonly PathSegment[]): string {
  return segments.map(String).filter((s) => s !== '').join('.');
}

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/** Whether `path` is `ancestor` or lies below it (segment-wise, so `Person.EmailX` is not below `Person.Email`). */
export function isWithinPath(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`);
}

/** The longest of `known` that `path` is equal to or lies below; where an error about `path` belongs. */
export function closestKnownPath(path: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const candidate of known) {
    if (isWithinPath(path, candidate) && (best === undefined || candidate.length > best.length)) best = candidate;
  }
  return best;
}

type Container = Record<string, unknown> | unknown[];

export function getAtPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const segment of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Sets a value, creating objects (or arrays before a numeric segment) on the way; `undefined` deletes the key. */
export function setAtPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const segments = splitPath(path);
  let node: Container = root;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const record = node as Record<string, unknown>;
    if (last) {
      if (value === undefined) delete record[segment];
      else record[segment] = value;
      return;
    }
    let next = record[segment];
    if (next === null || typeof next !== 'object') {
      next = /^\d+$/.test(segments[i + 1]!) ? [] : {};
      record[segment] = next;
    }
    node = next as Container;
  });
}
