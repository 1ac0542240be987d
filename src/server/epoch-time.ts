/** The furthest from the epoch, either way, that a Date holds: 100,000,000 days in milliseconds. */
const MAX_TIME_VALUE = 8.64e15;

/**
 * Whether `value` is a whole number of `unitMs`-millisecond units (1,000: seconds) from the epoch that a
 * Date can hold; anything else read as a time would throw on its first toISOString() or write.
 */
export function isEpochTime(value: unknown, unitMs = 1): value is number {
  return Number.isInteger(value) && Math.abs((value as number) * unitMs) <= MAX_TIME_VALUE;
}
