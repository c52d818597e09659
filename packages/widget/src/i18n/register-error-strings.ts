import { defaultMessages } from '@portico/core/errors/default-messages';
import { getI18n } from '../app/i18n.ts';
import { registerLazyStrings } from './register-lazy-strings.ts';

/** 'Errors.Email.required' -> { Errors: { Email: { required } } } for i18next's dotted keys. */
function nest(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

/** Catalogue messages, with interpolation where the widget has the values. */
const errorMessages: Record<string, string> = {
  ...defaultMessages,
  'Errors.FileTooLarge': '{{filename}} is larger than {{maxSize}}.',
};

// A side-effect module: importing it adds the catalogue under `Errors.*` (translation overrides
// applied at init keep priority). Forms import it statically; the error list loads it on demand,
// so a first screen that shows no error does not carry every English message.
registerLazyStrings(getI18n(), 'Errors', nest(errorMessages).Errors as Record<string, unknown>);
