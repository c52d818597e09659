import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { RATE_LIMITS } from '../features.ts';

/** Lead capture forms (issue 18; docs/lead-forms.md): the public read and submit, and the admin API. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

let addresses = 0;
/** Each submission from its own address, so the per-address limit is met only where a test means it. */
const nextIp = () => `198.51.100.${(addresses += 1)}`;
const submit = (uid: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.request({ method: 'POST', url: `/api/v1/public/lead-forms/${uid}/submissions`, payload: payload as object, remoteAddress: opts.ip ?? nextIp(), ...(opts.headers ? { headers: opts.headers } : {}) });
const submissionsOf = async (uid: string) => (await t.admin({ method: 'GET', url: `/api/v1/admin/lead-forms/${uid}/submissions` })).json() as {
  metadata: { total: number }; items: { Person: { Uid: string; Email: string }; RefererURL: string | null; IpAddress: string | null; CreatedPerson: boolean; Values: Record<string, unknown> }[];
};
const personByEmail = async (email: string) => {
  const { rows } = await t.database.db.execute(`select uid, email, first_name, last_name, field_values from people where lower(email) = lower('${email.replace(/'/g, "''")}')`) as unknown as { rows: { uid: string; first_name: string | null; last_name: string | null; field_values: Record<string, unknown> }[] };
  return rows;
};

const CONTACT_FORM = {
  Uid: 'contact-sales', Name: 'Contact sales', Title: 'Talk to sales', EmailListUid: null,
  Fields: [
    { SystemName: 'Email', Required: true },
    { SystemName: 'FirstName', Required: true },
    { SystemName: 'LastName' },
    { SystemName: 'LeadSource', Hidden: true, DefaultValue: 'pricing-page' },
    { SystemName: 'Role', Disabled: true, DefaultValue: 'manager' },
  ],
  PostSubmission: { Action: 'redirect', Url: 'https://northwind.example/thanks' },
};

describe('the public read', () => {
  it('answers the demo newsletter form with its fields, definitions and thankYou; an unknown uid is Errors.LeadFormNotFound', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/public/lead-forms/newsletter' });
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json();
    expect(form).toMatchObject({ Uid: 'newsletter', Title: 'Get the Northwind newsletter', SubmitLabel: 'Subscribe', Captcha: false });
    expect(form.Fields.map((f: { SystemName: string; Required: boolean; Hidden: boolean }) => [f.SystemName, f.Required, f.Hidden]))
      .toEqual([['Email', true, false], ['FirstName', false, false], ['LeadSource', false, true]]);
    expect(form.Fields[0].Definition).toMatchObject({ EntityType: 'Person', ControlType: 'Email', Label: 'Email' });
    expect(form.PostSubmission).toMatchObject({ Action: 'thankYou', Url: null });
    expect(form).not.toHaveProperty('EmailListUid');
    const missing = await t.request({ method: 'GET', url: '/api/v1/public/lead-forms/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ErrorCode: 'Errors.LeadFormNotFound', FieldErrors: [] });
  });
});

describe('a submission', () => {
  it('creates the person with the hidden field\'s default, stores the referer, IP and values, and answers thankYou', async () => {
    const ip = nextIp();
    const res = await submit('newsletter', { Person: { Email: 'Grace.Hopper@example.com', FirstName: ' Grace ' }, RefererURL: 'https://northwind.example/blog?x=1' }, { ip });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ LeadForm: { Uid: 'newsletter' }, PostSubmission: { Action: 'thankYou' } });
    const [person] = await personByEmail('grace.hopper@example.com');
    expect(person).toMatchObject({ first_name: 'Grace', last_name: null, field_values: { LeadSource: 'newsletter-form' } });
    const list = await submissionsOf('newsletter');
    const mine = list.items.find((s) => s.Person.Uid === person!.uid)!;
    expect(mine).toMatchObject({ RefererURL: 'https://northwind.example/blog?x=1', IpAddress: ip, CreatedPerson: true, Values: { Email: 'Grace.Hopper@example.com', FirstName: 'Grace' } });
  });

  it('never overwrites what a known person already has: only their empty fields are filled', async () => {
    expect((await submit('newsletter', { Person: { Email: 'ada@example.com', FirstName: 'Ada' } })).statusCode).toBe(201);
    const created = await t.admin({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: CONTACT_FORM });
    expect(created.statusCode, created.body).toBe(201);
    // Someone else types Ada's email with another name: her name stays, her empty last name and custom fields are filled.
    const res = await submit('contact-sales', { Person: { Email: 'ADA@example.com', FirstName: 'Mallory', LastName: 'Lovelace' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().PostSubmission).toEqual({ Action: 'redirect', Url: 'https://northwind.example/thanks', Message: null });
    const people = await personByEmail('ada@example.com');
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', field_values: { LeadSource: 'newsletter-form', Role: 'manager' } });
    const list = await submissionsOf('contact-sales');
    expect(list.items[0]).toMatchObject({ CreatedPerson: false, Person: { Email: 'ada@example.com' }, Values: { FirstName: 'Mallory' } });
  });

  it('refuses invalid values, unknown fields and changed hidden or disabled fields, storing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ Person: { FirstName: 'No email' } }, 'Person.Email', 'Errors.Email.required'],
      [{ Person: { Email: 'not-an-email' } }, 'Person.Email', 'Errors.InvalidEmail'],
      [{ Person: { Email: 'x@example.com', Nickname: 'x' } }, 'Person.Nickname', 'Errors.InvalidValue'],
      [{ Person: { Email: 'x@example.com', FieldValues: { Email: 'y@example.com' } } }, 'Person.FieldValues.Email', 'Errors.InvalidValue'],
      [{ Person: { Email: 'x@example.com', FieldValues: { LeadSource: 'forged' } } }, 'Person.FieldValues.LeadSource', 'Errors.FieldNotEditable'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await submit('newsletter', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().FieldErrors.map((e: { Field: string; ErrorCode: string }) => [e.Field, e.ErrorCode]), JSON.stringify(payload)).toContainEqual([field, code]);
    }
    // A disabled field sent with another value is refused too; sent unchanged it is accepted.
    const disabled = await submit('contact-sales', { Person: { Email: 'x2@example.com', FirstName: 'X', FieldValues: { Role: 'engineer' } } });
    expect(disabled.json().FieldErrors[0]).toMatchObject({ Field: 'Person.FieldValues.Role', ErrorCode: 'Errors.FieldNotEditable' });
    expect(await personByEmail('x@example.com')).toEqual([]);
    expect(await personByEmail('x2@example.com')).toEqual([]);
    const echoed = await submit('contact-sales', { Person: { Email: 'x3@example.com', FirstName: 'X', FieldValues: { Role: 'manager' } } });
    expect(echoed.statusCode, echoed.body).toBe(201);
  });

  it('answers bad input with the one error shape, never a 500: NUL, 1 MB strings, __proto__, wrong types, an unknown form', async () => {
    const bodies: unknown[] = [
      { Person: { Email: 'a\u0000b@example.com' } },
      { Person: { Email: 'big@example.com', FirstName: 'x'.repeat(1_000_000) } },
      JSON.parse('{"Person":{"Email":"proto@example.com","__proto__":{"polluted":true}}}'),
      JSON.parse('{"__proto__":{"polluted":true},"Person":{"Email":"proto2@example.com"}}'),
      { Person: { Email: ['a@example.com'] } },
      { Person: 'x' }, {}, [], { Person: { Email: 'ok@example.com' }, Extra: 1 },
    ];
    for (const payload of bodies) {
      const res = await submit('newsletter', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('ErrorCode');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await submit('nope', { Person: { Email: 'a@example.com' } })).statusCode).toBe(404);
  });

  it('two identical submissions at once store one person and one submission', async () => {
    const ip = nextIp();
    const body = { Person: { Email: 'twice@example.com', FirstName: 'Twice' }, RefererURL: 'https://northwind.example/' };
    const [a, b] = await Promise.all([submit('newsletter', body, { ip }), submit('newsletter', body, { ip })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().Uid).toBe(b.json().Uid);
    const people = await personByEmail('twice@example.com');
    expect(people).toHaveLength(1);
    expect((await submissionsOf('newsletter')).items.filter((s) => s.Person.Uid === people[0]!.uid)).toHaveLength(1);
  });

  it('the honeypot: a filled Website answers like success and stores nothing', async () => {
    const res = await submit('newsletter', { Person: { Email: 'bot@example.com', FirstName: 'Bot' }, Website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json().PostSubmission.Action).toBe('thankYou');
    expect(await personByEmail('bot@example.com')).toEqual([]);
  });

  it(`one address gets ${RATE_LIMITS.leadFormSubmit.max} submissions per window, then 429 with Retry-After`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.leadFormSubmit.max; i += 1) {
      expect((await submit('newsletter', { Person: { Email: `flood-${i}@example.com` } }, { ip })).statusCode).toBe(201);
    }
    const over = await submit('newsletter', { Person: { Email: 'flood-over@example.com' } }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().ErrorCode).toBe('Errors.TooManyRequests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await personByEmail('flood-over@example.com')).toEqual([]);
  });

  it('a form asking for the captcha refuses a submission without a solved one', async () => {
    const res = await submit('book-demo', { Person: { Email: 'demo@example.com', FirstName: 'D', LastName: 'E' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.CaptchaRequired', FieldErrors: [{ Field: 'RecaptchaToken' }] });
    expect(await personByEmail('demo@example.com')).toEqual([]);
  });
});

describe('the admin API', () => {
  it('creates, reads, lists, replaces and deletes forms; checks fields and lists; needs the admin key', async () => {
    const form = { ...CONTACT_FORM, Uid: 'admin-form', Title: '<img src=x onerror="alert(1)">Hi' };
    const created = await t.admin({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: form });
    expect(created.statusCode, created.body).toBe(201);
    // Titles are plain text: kept as typed and shown as text by the widget, never as HTML.
    expect((await t.request({ method: 'GET', url: '/api/v1/public/lead-forms/admin-form' })).json().Title).toBe('<img src=x onerror="alert(1)">Hi');
    expect((await t.admin({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: form })).statusCode).toBe(409);
    const list = await t.admin({ method: 'GET', url: '/api/v1/admin/lead-forms?limit=100' });
    expect(list.json().items.map((f: { Uid: string }) => f.Uid)).toEqual(expect.arrayContaining(['admin-form', 'newsletter', 'book-demo']));
    const replaced = await t.admin({ method: 'PUT', url: '/api/v1/admin/lead-forms/admin-form', payload: { ...form, Title: 'Talk to us', EmailListUid: 'list-webinars' } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ Title: 'Talk to us', EmailListUid: 'list-webinars' });

    const bad: [unknown, string][] = [
      [{ ...form, Uid: 'f2', EmailListUid: 'no-such-list' }, 'EmailListUid'],
      [{ ...form, Uid: 'f3', Fields: [{ SystemName: 'FirstName' }] }, 'Fields'],
      [{ ...form, Uid: 'f4', Fields: [{ SystemName: 'Email', Required: true }, { SystemName: 'Shoe' }] }, 'Fields.1.SystemName'],
      [{ ...form, Uid: 'f5', Fields: [{ SystemName: 'Email', Required: true }, { SystemName: 'LastName', Hidden: true }] }, 'Fields.1.DefaultValue'],
      [{ ...form, Uid: 'f6', PostSubmission: { Action: 'redirect', Url: 'javascript:alert(1)' } }, 'PostSubmission.Url'],
    ];
    for (const [payload, field] of bad) {
      const res = await t.admin({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().FieldErrors.map((e: { Field: string }) => e.Field)).toContain(field);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/lead-forms' })).statusCode).toBe(401);
    expect((await t.admin({ method: 'DELETE', url: '/api/v1/admin/lead-forms/admin-form' })).statusCode).toBe(204);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/lead-forms/admin-form' })).statusCode).toBe(404);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/lead-forms/admin-form/submissions' })).statusCode).toBe(404);
  });
});

describe('the form\'s email list (email-lists/subscribe-to-list.ts)', () => {
  const subscriberOf = async (listUid: string, personUid: string) => {
    const page = (await t.admin({ method: 'GET', url: `/api/v1/admin/email-lists/${listUid}/subscribers?limit=100&offset=0` })).json() as { items: { Person: { Uid: string }; Status: string; IsSubscribed: boolean }[] };
    return page.items.find((s) => s.Person.Uid === personUid);
  };
  const consentsOf = async (personUid: string) =>
    ((await t.admin({ method: 'GET', url: `/api/v1/admin/people/${personUid}/email-consents` })).json() as { items: { Action: string; Source: string; EmailList: { Uid: string }; Ip: string | null }[] }).items;

  it('subscribes the person to a single opt-in list with a lead_form consent row carrying the address', async () => {
    const ip = nextIp();
    expect((await submit('newsletter', { Person: { Email: 'ida.lead@example.com' } }, { ip })).statusCode).toBe(201);
    const [person] = await personByEmail('ida.lead@example.com');
    expect(await subscriberOf('list-newsletter', person!.uid)).toMatchObject({ Status: 'Subscribed', IsSubscribed: true });
    const consents = await consentsOf(person!.uid);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ Action: 'opt_in', Source: 'lead_form', EmailList: { Uid: 'list-newsletter' }, Ip: ip });
    // The same person through the form again: already subscribed, no second consent row.
    expect((await submit('newsletter', { Person: { Email: 'ida.lead@example.com', FirstName: 'Ida' } })).statusCode).toBe(201);
    expect(await consentsOf(person!.uid)).toHaveLength(1);
  });

  it('on a double opt-in list the person waits for the mailed confirmation (not counted as subscribed yet)', async () => {
    const form = { ...CONTACT_FORM, Uid: 'webinar-seat', Name: 'Webinar seat', EmailListUid: 'list-webinars', PostSubmission: { Action: 'thankYou' } };
    expect((await t.admin({ method: 'POST', url: '/api/v1/admin/lead-forms', payload: form })).statusCode).toBe(201);
    expect((await submit('webinar-seat', { Person: { Email: 'ken.lead@example.com', FirstName: 'Ken' } })).statusCode).toBe(201);
    const [person] = await personByEmail('ken.lead@example.com');
    expect(await subscriberOf('list-webinars', person!.uid)).toMatchObject({ Status: 'Subscribed', IsSubscribed: false });
    const { rows } = await t.database.db.execute(`select count(*)::int as n from outbox where topic = 'mail.list-confirmation' and payload->>'personUid' = '${person!.uid}'`) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });
});
