/**
 * Limits every uploaded image shares (the registration's profile image, the profile photo, any
 * later upload). Import as `@portico/core/files/image-limits`.
 */

/**
 * The most pixels (width × height, as the file's header declares them) an uploaded image may
 * have: 40 megapixels, e.g. 8000 × 5000. A decoder needs about 4 bytes per pixel, so this bounds
 * what showing the image costs a browser or a thumbnailer to about 160 MB; a 100 KB file whose
 * header declares 100000 × 100000 pixels (a decompression bomb) is refused before anything
 * decodes it. Checked from the header alone (PNG IHDR, JPEG SOFn): server/src/files/sniff-image-type.ts.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
