import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { KNOWN_DEVICES_PER_PERSON, knownDevicesRepository, OPERATOR_DEVICES, PERSON_DEVICES, type KnownDeviceTable } from './known-devices.repository.ts';

/**
 * The known-browser statements over either owner's table (people's known_devices, operators'
 * operator_known_devices; docs/decisions.md): a new browser forgets the owner's expired ones and all
 * but the most recently used KNOWN_DEVICES_PER_PERSON, and never touches another owner's.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

let n = 0;
async function owners(of: KnownDeviceTable): Promise<[string, string]> {
  if (of === PERSON_DEVICES) return [(await importCustomer(t)).PrimaryContact.Uid as string, (await importCustomer(t)).PrimaryContact.Uid as string];
  const made = await Promise.all([1, 2].map(() => t.admin({ method: 'POST', url: '/api/v1/admin/operators', payload: { Email: `devices-${(n += 1)}-${Date.now()}@northwind.example`, Name: 'Dev Ices', Role: 'agent', Password: 'Kestrel-Quartz-7319!' } })));
  return made.map((r) => r.json().Uid as string) as [string, string];
}

describe.each([['people', PERSON_DEVICES], ['operators', OPERATOR_DEVICES]] as const)('known devices of %s', (_, of) => {
  it('keeps the most recently used, forgets expired ones, and leaves other owners alone', async () => {
    const repo = knownDevicesRepository(t.database.db, of);
    const [owner, other] = await owners(of);
    const base = Date.parse('2026-03-15T12:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const far = new Date(base + 86_400_000 * 30);
    await repo.insert({ tokenHash: `${owner}-expired`, ownerUid: owner, at: at(0), expires: at(1) });
    await repo.insert({ tokenHash: `${other}-keep`, ownerUid: other, at: at(0), expires: far });
    for (let i = 0; i < KNOWN_DEVICES_PER_PERSON; i += 1) await repo.insert({ tokenHash: `${owner}-${i}`, ownerUid: owner, at: at(10 + i), expires: far });
    // The expired one went with the first insert after it expired; now 20 live ones: the next forgets the least recently used (#0).
    expect(await repo.ownerOf(`${owner}-expired`, at(0))).toBeNull();
    expect(await repo.ownerOf(`${owner}-0`, at(100))).toBe(owner);
    await repo.refresh(`${owner}-0`, owner, at(200), far);
    await repo.insert({ tokenHash: `${owner}-new`, ownerUid: owner, at: at(300), expires: far });
    expect(await repo.ownerOf(`${owner}-0`, at(300))).toBe(owner);
    expect(await repo.ownerOf(`${owner}-1`, at(300))).toBeNull();
    expect(await repo.ownerOf(`${owner}-new`, at(300))).toBe(owner);
    expect(await repo.ownerOf(`${other}-keep`, at(300))).toBe(other);
    // The other table never answers for this one's tokens.
    const theOther = knownDevicesRepository(t.database.db, of === PERSON_DEVICES ? OPERATOR_DEVICES : PERSON_DEVICES);
    expect(await theOther.ownerOf(`${owner}-new`, at(300))).toBeNull();
  });
});
