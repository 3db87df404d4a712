// Open-addressing hash from a non-negative integer-valued number key (below 2^53) to an int32, with
// no per-entry objects. It grows (doubles and rehashes) before it is half full, so a probe always
// finds an empty slot: no fixed size, no endless probe (a fixed 128-slot table that never grew hung
// the hole closer once 64 rim vertices were in it, issue #25).

export class NumberMap {
  private keys: Float64Array
  private values: Int32Array
  private mask: number
  private count = 0

  constructor(expected = 16) {
    let size = 16
    while (size < expected * 2) size *= 2
    this.keys = new Float64Array(size).fill(-1)
    this.values = new Int32Array(size)
    this.mask = size - 1
  }

  get size(): number {
    return this.count
  }

  private slot(key: number): number {
    // mix the high and low 26 bits (keys stay below 2^53), murmur3's 32-bit finaliser over both halves
    const lo = key % 67108864, hi = Math.floor(key / 67108864)
    let h = Math.imul(lo | 0, 0xcc9e2d51) ^ Math.imul((hi | 0) ^ 0x1b873593, 0x85ebca6b)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
    let i = h & this.mask
    // the table is never more than half full (set grows it first): this ends within the table's size
    while (this.keys[i] !== -1 && this.keys[i] !== key) i = (i + 1) & this.mask
    return i
  }

  get(key: number): number | undefined {
    const i = this.slot(key)
    return this.keys[i] === key ? this.values[i] : undefined
  }

  set(key: number, value: number): void {
    let i = this.slot(key)
    if (this.keys[i] !== key) {
      if (2 * (this.count + 1) > this.keys.length) {
        this.grow()
        i = this.slot(key)
      }
      this.count++
      this.keys[i] = key
    }
    this.values[i] = value
  }

  private grow(): void {
    const keys = this.keys, values = this.values
    this.keys = new Float64Array(keys.length * 2).fill(-1)
    this.values = new Int32Array(keys.length * 2)
    this.mask = this.keys.length - 1
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j]!
      if (k === -1) continue
      const i = this.slot(k)
      this.keys[i] = k
      this.values[i] = values[j]!
    }
  }
}
