// Seeded randomness for synthetic frames (mulberry32 + Box–Muller): same seed, same frame.

export type Random = {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform in [a, b). */
  range(a: number, b: number): number
  /** Standard normal. */
  normal(): number
  int(a: number, bInclusive: number): number
  pick<T>(items: readonly T[]): T
}

export function createRandom(seed: number): Random {
  let s = seed >>> 0
  let spare: number | null = null
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (a, b) => a + (b - a) * next(),
    normal: () => {
      if (spare !== null) {
        const v = spare
        spare = null
        return v
      }
      let u = 0
      while (u === 0) u = next()
      const v = next()
      const r = Math.sqrt(-2 * Math.log(u))
      spare = r * Math.sin(2 * Math.PI * v)
      return r * Math.cos(2 * Math.PI * v)
    },
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  }
}
