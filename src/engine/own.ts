// Own-property lookups: a name read from a file (profile, weapon, mesh, query type, side, option,
// ability...) must select only what a table declares, never what Object.prototype inherits
// ("constructor", "toString", "__proto__"...).

/** `record[key]` when `key` is the record's own property, else undefined. */
export function own<V>(record: Readonly<Record<string, V>> | undefined | null, key: string): V | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined
}

/** Whether `key` is the record's own property. */
export function hasOwnKey(record: object | undefined | null, key: PropertyKey): boolean {
  return record != null && Object.hasOwn(record, key)
}
