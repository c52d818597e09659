/** Spec 1 section 9: date range bounds. */
export const START_OF_TIME = '1990-01-01';
export const END_OF_TIME = '2099-12-31';

const START_MS = Date.UTC(1990, 0, 1);
const END_MS = Date.UTC(2099, 11, 31, 23, 59, 59, 999);

export function isWithinDateBounds(date: Date): boolean {
  const t = date.getTime();
  return Number.isFinite(t) && t >= START_MS && t <= END_MS;
}
