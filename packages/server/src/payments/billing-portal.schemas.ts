import { z } from 'zod';
import { uidSchema } from '../catalog/catalog.schemas.ts';

/** Spec 2 section 9 "Provider portal": POST /billing/stripe/portal/sessions?returnUrl=…&accountUid=…. */
export const portalSessionQuery = z.object({
  accountUid: uidSchema,
  /** The page the portal's "Return" link goes back to; a page of one of the company's site origins. */
  returnUrl: z.string().min(1).max(2048).describe("The host page to come back to; must be on one of the company's site origins"),
});
export type PortalSessionQuery = z.infer<typeof portalSessionQuery>;

export const portalSessionAnswer = z.object({
  Url: z.string().describe("The provider's customer portal session: redirect the browser there (the sandbox's is a path on this server)"),
});
export type PortalSessionAnswer = z.infer<typeof portalSessionAnswer>;
