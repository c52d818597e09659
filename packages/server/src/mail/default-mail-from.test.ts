import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { defaultMailFrom } from './mailer.ts';

// nodemailer's own parser: what the SMTP envelope and the From header will be made of.
const addressparser = createRequire(import.meta.url)('nodemailer/lib/addressparser') as (s: string) => { name: string; address: string }[];

describe('the sender when MAIL_FROM is not set', () => {
  it('is the company by name, at no-reply@ the public host', () => {
    expect(defaultMailFrom('Northwind Analytics', 'http://localhost:3000')).toBe('"Northwind Analytics" <no-reply@localhost>');
    expect(addressparser(defaultMailFrom('Northwind Analytics', 'https://portico.northwind.example/'))).toEqual([{ name: 'Northwind Analytics', address: 'no-reply@portico.northwind.example' }]);
  });

  it('keeps quotes, commas, angle brackets and line breaks of a name from becoming other addresses or headers', () => {
    for (const name of ['Acme "Best", Inc. <evil@x.example>', 'Back\\slash', 'Two\r\nBcc: victim@x.example']) {
      const parsed = addressparser(defaultMailFrom(name, 'https://app.example'));
      expect(parsed, name).toHaveLength(1);
      expect(parsed[0]!.address, name).toBe('no-reply@app.example');
      expect(parsed[0]!.name, name).not.toMatch(/[\r\n]/);
    }
  });
});
