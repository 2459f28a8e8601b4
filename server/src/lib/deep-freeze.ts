/**
 * `value` with every object and array in it frozen, in place; returns it. For parsed JSON
 * shared between calls: a caller that tried to change it would throw (modules are strict)
 * instead of changing what the next caller reads.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
