import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from './error-codes.ts';
import { fieldErrorsFromZod } from './zod-issues.ts';

/** Real zod 4 issues (core itself does not depend on zod; the test does, to pin the mapping to zod's real shapes). */
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues;
};

const schema = z.object({
  Person: z.object({ Email: z.email(), FirstName: z.string().min(1).max(5), Title: z.string().min(3).optional() }),
  Quantity: z.number().int().min(1).max(10),
  Code: z.string().regex(/^[A-Z]+$/),
  Tags: z.array(z.string()).min(1),
  Kind: z.enum(['a', 'b']),
}).superRefine((v, ctx) => {
  if (v.Person.Email === 'taken@example.com') ctx.addIssue({ code: 'custom', path: ['Person', 'Email'], message: 'Taken', params: { ErrorCode: ErrorCode.Duplicate } });
});

describe('zod issues map to catalogue codes in one place', () => {
  it('names each issue by its dotted path and a catalogue code', () => {
    const errors = fieldErrorsFromZod(issuesOf(schema, {
      Person: { Email: 'nope', FirstName: 'Bartholomew', Title: 'Dr' }, Quantity: 0, Code: 'abc', Tags: [], Kind: 'c',
    }));
    expect(errors.map((e) => [e.Field, e.ErrorCode])).toEqual([
      ['Person.Email', ErrorCode.InvalidEmail],
      ['Person.FirstName', ErrorCode.TooLong],
      ['Person.Title', ErrorCode.TooShort],
      ['Quantity', ErrorCode.BelowMinimum],
      ['Code', ErrorCode.PatternMismatch],
      ['Tags', ErrorCode.Required],
      ['Kind', ErrorCode.InvalidValue],
    ]);
  });

  it('a missing value is Required, a wrong type InvalidValue, an empty required string Required', () => {
    const errors = fieldErrorsFromZod(issuesOf(schema, { Person: { Email: 'a@b.co', FirstName: '' }, Quantity: 'x', Code: 'A', Tags: ['t'], Kind: 'a' }));
    expect(errors.map((e) => [e.Field, e.ErrorCode])).toEqual([['Person.FirstName', ErrorCode.Required], ['Quantity', ErrorCode.InvalidValue]]);
    expect(fieldErrorsFromZod(issuesOf(schema, {})).map((e) => e.ErrorCode)).toContain(ErrorCode.Required);
  });

  it('a custom issue may carry its own catalogue code; prefixes name the query string', () => {
    const errors = fieldErrorsFromZod(issuesOf(schema, { Person: { Email: 'taken@example.com', FirstName: 'A' }, Quantity: 1, Code: 'A', Tags: ['t'], Kind: 'a' }));
    expect(errors).toEqual([{ Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'Taken' }]);
    expect(fieldErrorsFromZod(issuesOf(z.object({ limit: z.coerce.number().max(5) }), { limit: '9' }), 'querystring.')[0])
      .toMatchObject({ Field: 'querystring.limit', ErrorCode: ErrorCode.AboveMaximum });
  });
});
