import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { addOnRow, couponRow, familyRow, planRow } from '../catalog/catalog-inputs.ts';
import { emailListsRepository } from '../email-lists/email-lists.repository.ts';
import { emailListSubscriptionsRepository } from '../email-lists/email-list-subscriptions.repository.ts';
import { fieldsRepository } from '../fields/fields.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { leadFormsRepository } from '../lead-forms/lead-forms.repository.ts';
import type { CompanyConfig } from './company-config.schema.ts';

const SEED_HASHES = 'seed-hashes';
const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('base64url').slice(0, 22);

/** A definition's ControlParams JSON: Options and the input constraints, only the keys that are set. */
function controlParamsOf(d: CompanyConfig['fields']['definitions'][number]): string | null {
  const params = Object.fromEntries(Object.entries({ Options: d.Options, Min: d.Min, Max: d.Max, MinLength: d.MinLength, MaxLength: d.MaxLength, Pattern: d.Pattern })
    .filter(([, v]) => v !== undefined));
  return Object.keys(params).length ? JSON.stringify(params) : null;
}

/**
 * Writes the config's catalogue into the database. An entry is (re)written only
 * when its text in the config changed since the last seed, so edits made through
 * the admin API survive restarts until the config entry itself is edited.
 */
export async function seedFromConfig(db: Db, config: CompanyConfig): Promise<{ written: number }> {
  // One transaction: all of the file or none of it, and one commit instead of dozens (fast on PGlite).
  return db.transaction((tx) => seed(tx as unknown as Db, config));
}

async function seed(db: Db, config: CompanyConfig): Promise<{ written: number }> {
  const catalog = catalogRepository(db);
  const store = settingsRepository(db);
  const previous = (await store.get<Record<string, string>>(SEED_HASHES)) ?? {};
  const next: Record<string, string> = { ...previous };
  const currency = config.company.currency;
  let written = 0;
  const changed = (key: string, entry: unknown) => {
    const h = hash(entry);
    next[key] = h;
    if (previous[key] === h) return false;
    written += 1;
    return true;
  };

  for (const f of config.planFamilies) if (changed(`family:${f.Uid}`, f)) await catalog.upsertFamily(familyRow(f));
  for (const a of config.addOns) if (changed(`addOn:${a.Uid}`, a)) await catalog.upsertAddOn(addOnRow(a, currency));
  for (const p of config.plans) {
    if (!changed(`plan:${p.Uid}`, p)) continue;
    const { row, links } = planRow(p, currency);
    await catalog.upsertPlan(row, links);
  }
  for (const c of config.coupons) if (changed(`coupon:${c.Uid}`, c)) await catalog.upsertCoupon(couponRow(c, currency));

  const lists = emailListsRepository(db);
  for (const l of config.emailLists) {
    if (changed(`list:${l.Uid}`, l)) {
      await lists.upsert({ uid: l.Uid, name: l.Name, description: l.Description, requiresDoubleOptIn: l.RequiresDoubleOptIn, isSignUpList: l.IsSignUpList });
    }
  }
  // Issue 18: people whose sign-up box was ticked before the lists existed join the sign-up list, once each
  // (the repository's statement says why it runs at every start and never twice for a person).
  await emailListSubscriptionsRepository(db).backfillSignUpOptIns();

  const fields = fieldsRepository(db);
  if (changed('fields', config.fields)) {
    for (const d of config.fields.definitions) {
      await fields.upsertDefinition({
        uid: d.Uid, entityType: d.EntityType, systemName: d.SystemName, label: d.Label, controlType: d.ControlType,
        controlParams: controlParamsOf(d),
        sameAsLabel: d.SameAsLabel ?? null, sameAsLabelDefault: d.SameAsLabelDefault ?? null, sameAsObject: d.SameAsObject ?? null,
      });
    }
    for (const context of ['registration', 'profile', 'account'] as const) {
      await fields.replaceConfiguration(context, config.fields[context].map((u) => ({ fieldUid: u.Field, behavior: u.Behavior, group: u.Group ?? null })));
    }
  }
  // Lead forms (issue 18): after the fields and lists they name.
  const leadForms = leadFormsRepository(db);
  for (const { Uid, ...form } of config.leadForms) if (changed(`leadForm:${Uid}`, form)) await leadForms.upsert(Uid, form, new Date());
  if (written > 0) await store.set(SEED_HASHES, next);
  return { written };
}
