import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/create-test-app.ts';
import { mailText, type Received } from '../testing/smtp-inbox.ts';

let clients = 0;
/** Each request from its own address, so only the limit under test can trip. */
export const nextAddress = () => `203.0.${Math.floor((clients += 1) / 250) % 250}.${(clients % 250) + 1}`;

/** The console's public account calls (operator-account.routes.ts) and the admin's. */
export function accountCalls(t: TestApp) {
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = nextAddress()) => t.request({ method: 'POST', url, payload, remoteAddress });
  return {
    create: (payload: Record<string, unknown>) => t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload }),
    resend: (uid: string) => t.admin({ method: 'POST', url: `/api/v1/admin/operators/${uid}/invitation` }),
    signIn: (body: Record<string, unknown>, remoteAddress?: string) => post('/api/v1/console/tokens', body, remoteAddress),
    forgot: (email: string, remoteAddress?: string) => post('/api/v1/console/forgot-password', { Email: email }, remoteAddress),
    check: (token: string, remoteAddress?: string) => post('/api/v1/console/set-password/check', { Token: token }, remoteAddress),
    setPassword: (token: string, password: string, remoteAddress?: string) => post('/api/v1/console/set-password', { Token: token, NewPassword: password }, remoteAddress),
    session: (token: string) => t.request({ method: 'GET', url: '/api/v1/console/session', headers: { authorization: `Bearer ${token}` } }),
  };
}

/** Delivers everything due through the outbox (over the real SMTP server) and answers the mails to `to` that arrived after `before`. */
export async function deliveredTo(t: TestApp, inbox: Received[], to: string, before: number): Promise<Received[]> {
  while (await t.app.jobs.deliverDue() > 0) { /* deliver everything due */ }
  return inbox.slice(before).filter((m) => m.to.includes(to));
}

/** The console's set-password link in a mail, and its token. */
export function setPasswordLinkIn(mail: Received): { link: string; token: string } {
  const m = /(http:\/\/localhost:3000\/console\/#\/set-password\?token=([A-Za-z0-9_-]{43}))/.exec(mailText(mail.raw));
  expect(m, mailText(mail.raw)).not.toBeNull();
  return { link: m![1]!, token: m![2]! };
}

/** The six digits of a sign-in code mail. */
export const codeIn = (mail: Received): string => /as well as the password:\s+(\d{6})/.exec(mailText(mail.raw))?.[1] ?? 'none';

export function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().ErrorCode, res.body).toBe(code);
}

let made = 0;
export const uniqueOperatorEmail = (tag: string) => `${tag}-${(made += 1)}-${Date.now().toString(36)}@northwind.example`;
