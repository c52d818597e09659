/** Published on the bus after any catalogue write; every node drops what it derived from the catalogue. */
export const CATALOG_CHANGED = 'catalog-changed';
