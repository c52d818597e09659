/** Spec 2 section 9: invoices load 3 at a time ('View more' asks for the next 3). */
export const INVOICES_PAGE_LIMIT = 3;
/** Spec 2 section 9: invoice recipients are listed 25 per page. */
export const RECIPIENTS_PAGE_SIZE = 25;
/** The recipients' order (spec 2 sections 7 and 9). */
export const RECIPIENTS_ORDER = 'IsPrimary DESC, ReceiveInvoices DESC, LastName, FirstName, Email';
