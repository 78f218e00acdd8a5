/**
 * Field access on results and schemas keyed by names a caller chose. A name such as
 * `constructor`, `toString` or `__proto__` is a key of Object.prototype: a plain `record[name]`
 * reads the inherited member (a function, the prototype) and `record.__proto__ = value` replaces
 * the prototype instead of storing a field. These read and write own properties only.
 */

/** The record's own field `name`, never an inherited member. */
export function ownField<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined
}

/** Stores `value` as the record's own, enumerable field `name` (also when it is `__proto__`). */
export function setField(record: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true })
}
