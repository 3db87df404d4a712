// The visibility matrix split between workers (a pool): each worker takes a share of the viewers and
// computes their pairs (evaluate.ts visibilityPairs), and the shares are put back in the order one
// evaluation gives, viewer by viewer. Each pair depends only on its two models and the table, so
// the merged pairs are the pairs one evaluation gives (test/engine/los/matrixShares.test.ts).

/** Viewer ids in `parts` interleaved shares (viewer i goes to share i mod parts: the work evens out across the table). */
export function splitViewers(viewers: ReadonlyArray<{ id: string }>, parts: number): string[][] {
  const n = Math.max(1, Math.floor(parts))
  const shares: string[][] = Array.from({ length: n }, () => [])
  viewers.forEach((v, i) => shares[i % n]!.push(v.id))
  return shares
}

/** Pairs of each share (as splitViewers dealt them) back in viewer order. */
export function mergeShares<P extends { from: string }>(viewers: ReadonlyArray<{ id: string }>, shares: ReadonlyArray<ReadonlyArray<P>>): P[] {
  const out: P[] = []
  const at = shares.map(() => 0)
  viewers.forEach((v, i) => {
    const j = i % shares.length
    const share = shares[j]!
    let k = at[j]!
    while (k < share.length && share[k]!.from === v.id) out.push(share[k++]!)
    at[j] = k
  })
  if (at.some((k, j) => k !== shares[j]!.length)) throw new Error('mergeShares: a share holds pairs of a viewer it was not dealt')
  return out
}
