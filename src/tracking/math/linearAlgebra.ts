// Small dense linear algebra for the pose solvers (matrices are row-major Float64Arrays).
// Sizes here are tiny (≤ 9×9), so clarity wins over blocking tricks.

/** Solve A x = b for square A (n×n, row-major) by Gaussian elimination with partial pivoting. Returns null if singular. */
export function solveLinear(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const m = new Float64Array(a)
  const x = new Float64Array(b)
  for (let col = 0; col < n; col++) {
    let pivot = col
    let best = Math.abs(m[col * n + col]!)
    for (let r = col + 1; r < n; r++) {
      const v = Math.abs(m[r * n + col]!)
      if (v > best) { best = v; pivot = r }
    }
    if (best < 1e-300) return null
    if (pivot !== col) {
      for (let c = 0; c < n; c++) {
        const t = m[col * n + c]!
        m[col * n + c] = m[pivot * n + c]!
        m[pivot * n + c] = t
      }
      const t = x[col]!
      x[col] = x[pivot]!
      x[pivot] = t
    }
    const d = m[col * n + col]!
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col]! / d
      if (f === 0) continue
      for (let c = col; c < n; c++) m[r * n + c] = m[r * n + c]! - f * m[col * n + c]!
      x[r] = x[r]! - f * x[col]!
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r]!
    for (let c = r + 1; c < n; c++) s -= m[r * n + c]! * x[c]!
    x[r] = s / m[r * n + r]!
  }
  return x
}

/** Inverse of a square matrix, or null if singular. */
export function invert(a: Float64Array, n: number): Float64Array | null {
  const out = new Float64Array(n * n)
  const e = new Float64Array(n)
  for (let c = 0; c < n; c++) {
    e.fill(0)
    e[c] = 1
    const col = solveLinear(a, e, n)
    if (!col) return null
    for (let r = 0; r < n; r++) out[r * n + c] = col[r]!
  }
  return out
}

/**
 * Eigen-decomposition of a symmetric n×n matrix (cyclic Jacobi). Returns eigenvalues ascending and
 * the matching eigenvectors as rows of `vectors`.
 */
export function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const m = new Float64Array(a)
  const v = new Float64Array(n * n)
  for (let i = 0; i < n; i++) v[i * n + i] = 1
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += m[p * n + q]! ** 2
    if (off < 1e-30) break
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!
        if (Math.abs(apq) < 1e-300) continue
        const app = m[p * n + p]!
        const aqq = m[q * n + q]!
        const theta = (aqq - app) / (2 * apq)
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let k = 0; k < n; k++) {
          const mkp = m[k * n + p]!
          const mkq = m[k * n + q]!
          m[k * n + p] = c * mkp - s * mkq
          m[k * n + q] = s * mkp + c * mkq
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p * n + k]!
          const mqk = m[q * n + k]!
          m[p * n + k] = c * mpk - s * mqk
          m[q * n + k] = s * mpk + c * mqk
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!
          const vkq = v[k * n + q]!
          v[k * n + p] = c * vkp - s * vkq
          v[k * n + q] = s * vkp + c * vkq
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => m[i * n + i]! - m[j * n + j]!)
  const values = new Float64Array(n)
  const vectors = new Float64Array(n * n)
  order.forEach((src, dst) => {
    values[dst] = m[src * n + src]!
    for (let k = 0; k < n; k++) vectors[dst * n + k] = v[k * n + src]!
  })
  return { values, vectors }
}

/** 3×3 matrix product (row-major). */
export function mul3(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(9)
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!
    }
  }
  return out
}

/** Rotation matrix (row-major 3×3) from a Rodrigues vector (axis × angle, radians). */
export function rodrigues(rx: number, ry: number, rz: number): Float64Array {
  const theta = Math.hypot(rx, ry, rz)
  const out = new Float64Array(9)
  if (theta < 1e-12) {
    out[0] = 1; out[1] = -rz; out[2] = ry
    out[3] = rz; out[4] = 1; out[5] = -rx
    out[6] = -ry; out[7] = rx; out[8] = 1
    return out
  }
  const kx = rx / theta, ky = ry / theta, kz = rz / theta
  const c = Math.cos(theta), s = Math.sin(theta), v = 1 - c
  out[0] = c + kx * kx * v; out[1] = kx * ky * v - kz * s; out[2] = kx * kz * v + ky * s
  out[3] = ky * kx * v + kz * s; out[4] = c + ky * ky * v; out[5] = ky * kz * v - kx * s
  out[6] = kz * kx * v - ky * s; out[7] = kz * ky * v + kx * s; out[8] = c + kz * kz * v
  return out
}

/** Rodrigues vector of a rotation matrix (row-major 3×3). */
export function rotationToRodrigues(r: ArrayLike<number>): [number, number, number] {
  const cos = Math.min(1, Math.max(-1, (r[0]! + r[4]! + r[8]! - 1) / 2))
  const theta = Math.acos(cos)
  if (theta < 1e-9) return [(r[7]! - r[5]!) / 2, (r[2]! - r[6]!) / 2, (r[3]! - r[1]!) / 2]
  if (Math.PI - theta < 1e-6) {
    // Near 180°: axis from the diagonal.
    const xx = Math.sqrt(Math.max(0, (r[0]! + 1) / 2))
    const yy = Math.sqrt(Math.max(0, (r[4]! + 1) / 2)) * (r[1]! >= 0 ? 1 : -1)
    const zz = Math.sqrt(Math.max(0, (r[8]! + 1) / 2)) * (r[2]! >= 0 ? 1 : -1)
    return [xx * theta, yy * theta, zz * theta]
  }
  const k = theta / (2 * Math.sin(theta))
  return [(r[7]! - r[5]!) * k, (r[2]! - r[6]!) * k, (r[3]! - r[1]!) * k]
}

/**
 * Levenberg–Marquardt on a small parameter vector with a numeric Jacobian (central differences).
 * `residuals(params, target)` writes m residuals. Returns the refined parameters and the final
 * sum of squares, plus JᵀJ at the solution (for covariance estimates).
 */
export function levenbergMarquardt(
  initial: ArrayLike<number>,
  m: number,
  residuals: (params: Float64Array, target: Float64Array) => void,
  opts: { iterations?: number; steps?: ArrayLike<number> } = {},
): { params: Float64Array; sumSq: number; jtj: Float64Array } {
  const n = initial.length
  const p = Float64Array.from(initial)
  const r = new Float64Array(m)
  const rTry = new Float64Array(m)
  const rPlus = new Float64Array(m)
  const rMinus = new Float64Array(m)
  const jac = new Float64Array(m * n)
  const jtj = new Float64Array(n * n)
  const jtr = new Float64Array(n)
  const sumSq = (v: Float64Array) => { let s = 0; for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!; return s }
  residuals(p, r)
  let cost = sumSq(r)
  let lambda = 1e-3
  const iterations = opts.iterations ?? 50
  const computeJacobian = () => {
    for (let j = 0; j < n; j++) {
      const h = opts.steps?.[j] ?? 1e-6 * Math.max(1, Math.abs(p[j]!))
      const orig = p[j]!
      p[j] = orig + h
      residuals(p, rPlus)
      p[j] = orig - h
      residuals(p, rMinus)
      p[j] = orig
      for (let i = 0; i < m; i++) jac[i * n + j] = (rPlus[i]! - rMinus[i]!) / (2 * h)
    }
    jtj.fill(0)
    jtr.fill(0)
    for (let i = 0; i < m; i++) {
      for (let a = 0; a < n; a++) {
        const ja = jac[i * n + a]!
        if (ja === 0) continue
        jtr[a] = jtr[a]! + ja * r[i]!
        for (let b = 0; b < n; b++) jtj[a * n + b] = jtj[a * n + b]! + ja * jac[i * n + b]!
      }
    }
  }
  computeJacobian()
  for (let it = 0; it < iterations; it++) {
    const aug = new Float64Array(jtj)
    for (let d = 0; d < n; d++) aug[d * n + d] = jtj[d * n + d]! * (1 + lambda) + 1e-12
    const neg = new Float64Array(n)
    for (let d = 0; d < n; d++) neg[d] = -jtr[d]!
    const delta = solveLinear(aug, neg, n)
    if (!delta) break
    const trial = new Float64Array(n)
    for (let d = 0; d < n; d++) trial[d] = p[d]! + delta[d]!
    residuals(trial, rTry)
    const trialCost = sumSq(rTry)
    if (Number.isFinite(trialCost) && trialCost < cost) {
      const improvement = cost - trialCost
      p.set(trial)
      r.set(rTry)
      cost = trialCost
      lambda = Math.max(lambda / 10, 1e-12)
      computeJacobian()
      if (improvement < 1e-14 * Math.max(1, cost)) break
    } else {
      lambda *= 10
      if (lambda > 1e12) break
    }
  }
  computeJacobian()
  return { params: p, sumSq: cost, jtj }
}

/**
 * Where lines a and b of `lines` meet (each packed [x, y, dx, dy] at 4·index: a point and a direction),
 * or null when they are parallel.
 */
export function intersectPackedLines(lines: Float64Array, a: number, b: number): [number, number] | null {
  const x1 = lines[a * 4]!, y1 = lines[a * 4 + 1]!, dx1 = lines[a * 4 + 2]!, dy1 = lines[a * 4 + 3]!
  const x2 = lines[b * 4]!, y2 = lines[b * 4 + 1]!, dx2 = lines[b * 4 + 2]!, dy2 = lines[b * 4 + 3]!
  const den = dx1 * dy2 - dy1 * dx2
  if (Math.abs(den) < 1e-9) return null
  const t = ((x2 - x1) * dy2 - (y2 - y1) * dx2) / den
  return [x1 + t * dx1, y1 + t * dy1]
}
