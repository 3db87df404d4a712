// The scale a similarity fit (turn, shift and scale) of measured points onto true ones reads: 1 is exact.
// |Σ conj(gᵢ − ḡ)·(wᵢ − w̄)| / Σ |gᵢ − ḡ|², the points as complex numbers (the fit's turn taken out).
// Standalone: the survey checks score with it and it imports nothing of the code they check.

export function similarityScale(got: ReadonlyArray<readonly [number, number]>, want: ReadonlyArray<readonly [number, number]>): number {
  let gx = 0, gy = 0, wx = 0, wy = 0
  for (let i = 0; i < got.length; i++) { gx += got[i]![0]; gy += got[i]![1]; wx += want[i]![0]; wy += want[i]![1] }
  gx /= got.length; gy /= got.length; wx /= want.length; wy /= want.length
  let re = 0, im = 0, den = 0
  for (let i = 0; i < got.length; i++) {
    const ax = got[i]![0] - gx, ay = got[i]![1] - gy, bx = want[i]![0] - wx, by = want[i]![1] - wy
    re += ax * bx + ay * by
    im += ax * by - ay * bx
    den += ax * ax + ay * ay
  }
  return Math.hypot(re, im) / den
}
