import { expect } from 'vitest';
import { CaseSource } from '@portico/core/support/support-limits';
import type { TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';

export const OPERATOR_PASSWORD = 'Kestrel-Quartz-7319!';

let operators = 0;
let clients = 0;
/** Each sign-in from its own address, so signInPerAddress stays out of the way (rate-limits.test.ts covers it). */
export const nextClient = () => `198.18.0.${(clients = (clients % 250) + 1)}`;

export interface TestOperator { uid: string; email: string; name: string; token: string }

/** An operator made through the admin API (not signed in). */
export async function createdOperator(t: Pick<TestApp, 'admin'>, o: { name?: string; role?: 'agent' | 'admin' } = {}): Promise<Omit<TestOperator, 'token'>> {
  operators += 1;
  const email = `agent-${operators}-${Date.now().toString(36)}@northwind.example`;
  const name = o.name ?? `Agent Number${operators}`;
  const made = await t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: email, Name: name, Role: o.role ?? 'agent', Password: OPERATOR_PASSWORD } });
  expect(made.statusCode, made.body).toBe(201);
  return { uid: made.json().Uid, email, name };
}

/** An operator made through the admin API and signed in through POST /console/tokens. */
export async function signedInOperator(t: TestApp, o: { name?: string; role?: 'agent' | 'admin' } = {}): Promise<TestOperator> {
  const made = await createdOperator(t, o);
  return { ...made, token: await consoleSignIn(t, made.email) };
}

export async function consoleSignIn(t: TestApp, email: string, password = OPERATOR_PASSWORD): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/v1/console/tokens', remoteAddress: nextClient(), payload: { username: email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** A support case written as the help form writes one (Website), or of another source, with its first person activity. */
export async function makeCase(t: TestApp, o: { email: string; subject?: string; body?: string; source?: number; personUid?: string | null; at?: Date }) {
  const uid = newUid();
  const c = await unitOfWork(t.database.db).support.insertCase(
    { uid, source: o.source ?? CaseSource.Website, personUid: o.personUid ?? null, email: o.email, subject: o.subject ?? 'Help please', created: o.at ?? t.clock.now() },
    { uid: newUid(), type: 1, body: o.body ?? 'It does not work.' }, [],
  );
  return c;
}
