/**
 * Sign-up constants shared by the widget and the server (spec 1 sections 5 and 9, and the
 * registration design in docs/registration.md). Import as `@portico/core/signup/registration-limits`.
 */

/** Spec 1 section 5: the profile image accepts jpg, jpeg and png, at most 1,048,576 bytes. */
export const PROFILE_IMAGE_MAX_BYTES = 1_048_576;
/** The content types a profile image may have, decided from its bytes, never from its name. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
/** What the file input offers (the server still checks the bytes). */
export const PROFILE_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/png,image/jpeg';

/** Spec 1 section 9: the email-exists check runs 500 ms after the email stops changing. */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;

/** A sign-up nonce (POST /nonce) is good for one registration within this time. */
export const NONCE_TTL_MINUTES = 30;

/** The confirmation link of an 'Almost done' sign-up works once within this time. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 72;
