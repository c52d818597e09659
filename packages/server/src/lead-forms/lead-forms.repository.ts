import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { leadFormSubmissions, leadForms, people } from '../db/schema.ts';
import type { LeadFormInput } from './lead-forms.schemas.ts';

export type StoredLeadForm = Omit<LeadFormInput, 'Uid'> & { Uid: string; Created: Date; Updated: Date };

/** A person as a lead submission sees them: the properties a form can fill. */
export interface LeadPerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  phoneMobile: string | null;
  phoneWork: string | null;
  fieldValues: Record<string, unknown>;
}

const toStored = (r: typeof leadForms.$inferSelect): StoredLeadForm => ({ ...(r.config as Omit<LeadFormInput, 'Uid'>), Uid: r.uid, Created: r.created, Updated: r.updated });

/**
 * The only module that reads and writes lead forms and their submissions. A submission also finds
 * the person by email and fills their empty properties (docs/lead-forms.md "Fill only what is empty");
 * creating a person goes through the people repository.
 */
export function leadFormsRepository(db: Db) {
  return {
    async get(uid: string): Promise<StoredLeadForm | null> {
      const [row] = await db.select().from(leadForms).where(eq(leadForms.uid, uid)).limit(1);
      return row ? toStored(row) : null;
    },
    async list(page: PageRequest): Promise<Page<StoredLeadForm>> {
      const found = await paginate(db, () => db.select().from(leadForms).orderBy(asc(leadForms.name), asc(leadForms.uid)).$dynamic(), page);
      return { items: found.items.map(toStored), total: found.total };
    },
    /** False when the Uid is taken (decided by the database, so two creates cannot both win). */
    async insert(uid: string, form: Omit<LeadFormInput, 'Uid'>, now: Date): Promise<boolean> {
      const rows = await db.insert(leadForms).values({ uid, name: form.Name, config: form, created: now, updated: now })
        .onConflictDoNothing({ target: leadForms.uid }).returning({ uid: leadForms.uid });
      return rows.length === 1;
    },
    /** Creates or replaces (the config seed). */
    async upsert(uid: string, form: Omit<LeadFormInput, 'Uid'>, now: Date): Promise<void> {
      await db.insert(leadForms).values({ uid, name: form.Name, config: form, created: now, updated: now })
        .onConflictDoUpdate({ target: leadForms.uid, set: { name: form.Name, config: form, updated: now } });
    },
    async replace(uid: string, form: Omit<LeadFormInput, 'Uid'>, now: Date): Promise<boolean> {
      const rows = await db.update(leadForms).set({ name: form.Name, config: form, updated: now }).where(eq(leadForms.uid, uid)).returning({ uid: leadForms.uid });
      return rows.length === 1;
    },
    /** Deletes the form and its submissions; false when there was none. */
    async delete(uid: string): Promise<boolean> {
      const rows = await db.delete(leadForms).where(eq(leadForms.uid, uid)).returning({ uid: leadForms.uid });
      return rows.length === 1;
    },

    /** The person using this email (case-insensitive, as people_email_idx), locked for the fill. */
    async personByEmailForUpdate(email: string): Promise<LeadPerson | null> {
      const [row] = await db.select({
        uid: people.uid, email: people.email, firstName: people.firstName, lastName: people.lastName, title: people.title,
        phoneMobile: people.phoneMobile, phoneWork: people.phoneWork, fieldValues: people.fieldValues,
      }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1).for('update');
      return row ?? null;
    },
    /** Writes the properties the submission filled (the caller computed them from the empty ones only). */
    async fillPerson(uid: string, set: Partial<Pick<LeadPerson, 'firstName' | 'lastName' | 'title' | 'phoneMobile' | 'phoneWork' | 'fieldValues'>>, now: Date): Promise<void> {
      if (Object.keys(set).length === 0) return;
      await db.update(people).set({ ...set, updated: now }).where(eq(people.uid, uid));
    },

    async insertSubmission(s: { uid: string; formUid: string; personUid: string; refererUrl: string | null; ip: string | null; values: Record<string, unknown>; createdPerson: boolean; created: Date }): Promise<void> {
      await db.insert(leadFormSubmissions).values(s);
    },
    /** A form's submissions, newest first, with the person's current email. */
    async submissions(formUid: string, page: PageRequest) {
      return paginate(db, () => db.select({ s: leadFormSubmissions, email: people.email }).from(leadFormSubmissions)
        .innerJoin(people, eq(people.uid, leadFormSubmissions.personUid))
        .where(eq(leadFormSubmissions.formUid, formUid))
        .orderBy(desc(leadFormSubmissions.created), asc(leadFormSubmissions.uid)).$dynamic(), page);
    },
  };
}

export type LeadFormsRepository = ReturnType<typeof leadFormsRepository>;
