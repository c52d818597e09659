/**
 * A field definition's ControlParams: a JSON string (spec 1 section 3) with
 * Options and the input constraints of spec 1 section 5 "Inputs" (max, min,
 * maxlength, minlength, pattern), PascalCase like the rest of the wire.
 */
export interface FieldOption {
  Value: string;
  Label: string;
}

export interface ControlParams {
  Options: FieldOption[];
  /** Numbers for Number fields, `YYYY-MM-DD` for Date fields. */
  Min?: number | string;
  Max?: number | string;
  MinLength?: number;
  MaxLength?: number;
  /** A regular expression the whole (trimmed) value must match, like the HTML `pattern` attribute. */
  Pattern?: string;
  /** Visible lines of a TextArea (default 4); the help form's body has 5 (spec 2 section 2). */
  Rows?: number;
}

const isBound = (v: unknown): v is number | string => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
const isLength = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Tolerant: bad JSON or wrongly typed keys are ignored, so one bad field never breaks a form. */
export function parseControlParams(json: string | null | undefined): ControlParams {
  let raw: unknown = null;
  try {
    raw = json ? JSON.parse(json) : null;
  } catch {
    raw = null;
  }
  const obj = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const options = Array.isArray(obj.Options)
    ? obj.Options.filter((o): o is FieldOption => !!o && typeof o === 'object' && typeof (o as FieldOption).Value === 'string')
      .map((o) => ({ Value: o.Value, Label: typeof o.Label === 'string' ? o.Label : o.Value }))
    : [];
  const params: ControlParams = { Options: options };
  if (isBound(obj.Min)) params.Min = obj.Min;
  if (isBound(obj.Max)) params.Max = obj.Max;
  if (isLength(obj.MinLength)) params.MinLength = obj.MinLength;
  if (isLength(obj.MaxLength)) params.MaxLength = obj.MaxLength;
  if (typeof obj.Pattern === 'string' && compilePattern(obj.Pattern)) params.Pattern = obj.Pattern;
  if (isLength(obj.Rows) && obj.Rows >= 1 && obj.Rows <= 30) params.Rows = obj.Rows;
  return params;
}

/** The pattern anchored to the whole value, as HTML does; null when it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}
