/** localStorage key of the anonymous visitor identifier (live chat's uvi); a sign-out forgets it (spec 2 section 4). */
export const VISITOR_ID_STORAGE_KEY = 'portico.visitorId';
