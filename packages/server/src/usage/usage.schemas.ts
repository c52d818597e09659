import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { isoDateInput } from '../billing/billing.schemas.ts';
import { listAnswer, listQuery } from '../http/list.ts';

/** The largest quantity one report may carry: far above any real report, far below the column's 32-bit limit. */
export const MAX_USAGE_QUANTITY = 1_000_000_000;

export const usageParams = z.object({ uid: uidSchema });

export const reportUsageBody = z.object({
  AddOnUid: uidSchema,
  Quantity: z.number().int().min(1).max(MAX_USAGE_QUANTITY).meta({ description: 'Units used, a whole number 1..1,000,000,000 (in the add-on\'s UnitOfMeasure).' }),
  UsedAt: z.iso.datetime({ offset: true }).optional()
    .meta({ description: 'When the usage happened; defaults to the server clock. Not in the future, and within the current billing period.' }),
  ReportKey: z.string().min(1).max(200).regex(/^[\x21-\x7E]+$/, 'must be 1-200 visible ASCII characters')
    .meta({ description: 'The company\'s own id for this report: the same key on the same account counts once (200 answers the first report).' }),
}).strict();
export type ReportUsageBody = z.infer<typeof reportUsageBody>;

export const usageReportOut = z.object({
  Uid: z.string(),
  AccountUid: z.string(),
  AddOnUid: z.string(),
  Quantity: z.number().int(),
  UsedAt: z.string(),
  ReportKey: z.string(),
  Created: z.string(),
});

export const usageQuery = listQuery.extend({
  From: isoDateInput.meta({ description: 'Start of the period (inclusive): an ISO date (00:00 UTC) or date-time.' }),
  To: isoDateInput.meta({ description: 'End of the period (exclusive).' }),
});

export const usageAnswer = listAnswer(usageReportOut).extend({
  AccountUid: z.string(),
  From: z.string(),
  To: z.string(),
  /** Per add-on, the units used in [From, To): what a renewal invoice for that period bills. */
  Totals: z.array(z.object({ AddOnUid: z.string(), Quantity: z.number().int() })),
});
