import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTROL_TYPES } from '@portico/core';
import { configuredFields } from '@portico/core/fields/index';
import { entry } from '@portico/core/fields/test-fields';
import type { FormApi } from '../../forms/use-form.ts';
import { ConfiguredField } from './configured-field.tsx';

const form = {} as FormApi;

describe('ConfiguredField', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has a control for each of the twelve ControlTypes', () => {
    for (const type of CONTROL_TYPES) {
      const [field] = configuredFields([entry({ SystemName: `F${type}`, ControlType: type })]);
      const element = ConfiguredField({ form, field: field! });
      expect(element, type).not.toBeNull();
    }
  });

  it('"Unknown field control types log a warning", once per field, and render nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [field] = configuredFields([entry({ SystemName: 'Signature', ControlType: 'Signature' as never })]);
    expect(ConfiguredField({ form, field: field! })).toBeNull();
    expect(ConfiguredField({ form, field: field! })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("unknown field control type 'Signature' for Person.FieldValues.Signature");
  });
});
