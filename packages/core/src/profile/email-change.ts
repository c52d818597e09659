/**
 * Changing the email (issue 12): the person asks with their current password, a single-use link
 * goes to the new address, and only that link changes the email; the old address then gets a
 * notice with an undo link. Shared by the server (email-change/) and the widget's screens.
 * Import as `@portico/core/profile/email-change`.
 */

/** The link mailed to the new address works once, for this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** The undo link in the notice to the old address works once, for this long. */
export const EMAIL_CHANGE_UNDO_TTL_DAYS = 7;

/** The query values the links carry to the company's page (the widget loader reads and strips them). */
export const EMAIL_CHANGE_TOKEN_PARAM = 'emailChangeToken';
export const EMAIL_CHANGE_UNDO_TOKEN_PARAM = 'emailChangeUndoToken';
