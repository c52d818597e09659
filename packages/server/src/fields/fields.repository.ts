import { asc, eq } from 'drizzle-orm';
import type { FieldBehavior, WireFieldConfigurationEntry, WireFieldDefinition } from '@portico/core';
import type { Db } from '../db/database.ts';
import { fieldConfigurations, fieldDefinitions } from '../db/schema.ts';

export type FieldContext = 'registration' | 'profile' | 'account';

export function fieldsRepository(db: Db) {
  const toWire = (d: typeof fieldDefinitions.$inferSelect): WireFieldDefinition => ({
    Uid: d.uid, EntityType: d.entityType as WireFieldDefinition['EntityType'], SystemName: d.systemName, Label: d.label,
    ControlType: d.controlType as WireFieldDefinition['ControlType'], ControlParams: d.controlParams,
    SameAsLabel: d.sameAsLabel, SameAsLabelDefault: d.sameAsLabelDefault, SameAsObject: d.sameAsObject,
  });
  return {
    async upsertDefinition(row: typeof fieldDefinitions.$inferInsert): Promise<void> {
      await db.insert(fieldDefinitions).values(row).onConflictDoUpdate({ target: fieldDefinitions.uid, set: row });
    },
    async replaceConfiguration(context: FieldContext, uses: { fieldUid: string; behavior: FieldBehavior; group: string | null }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(fieldConfigurations).where(eq(fieldConfigurations.context, context));
        if (uses.length) {
          await tx.insert(fieldConfigurations).values(uses.map((u, position) => ({
            context, position, fieldDefinitionUid: u.fieldUid, behavior: u.behavior, groupName: u.group,
          })));
        }
      });
    },
    async configuration(context: FieldContext): Promise<WireFieldConfigurationEntry[]> {
      const rows = await db.select({ use: fieldConfigurations, def: fieldDefinitions })
        .from(fieldConfigurations)
        .innerJoin(fieldDefinitions, eq(fieldConfigurations.fieldDefinitionUid, fieldDefinitions.uid))
        .where(eq(fieldConfigurations.context, context))
        .orderBy(asc(fieldConfigurations.position));
      return rows.map((r) => ({ Behavior: r.use.behavior as FieldBehavior, Group: r.use.groupName, Definition: toWire(r.def) }));
    },
    async definitions(entityType?: 'Account' | 'Person'): Promise<WireFieldDefinition[]> {
      const rows = await db.select().from(fieldDefinitions)
        .where(entityType ? eq(fieldDefinitions.entityType, entityType) : undefined)
        .orderBy(asc(fieldDefinitions.systemName));
      return rows.map(toWire);
    },
  };
}
