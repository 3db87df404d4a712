// The one-euro filter (Casiez, Roussel & Vogel, CHI 2012): a low-pass filter whose cutoff rises with
// speed, so a still model is smoothed hard (no jitter) and a moving one follows without lag.
// cutoff = minCutoffHz + beta · |speed| (speed in units per second).

export type OneEuroParams = { minCutoffHz: number; beta: number; derivativeCutoffHz: number }

function alpha(cutoffHz: number, dtS: number): number {
  const tau = 1 / (2 * Math.PI * cutoffHz)
  return 1 / (1 + tau / dtS)
}

export class OneEuroFilter {
  private readonly params: OneEuroParams
  private value = Number.NaN
  private derivative = 0
  private lastMs = Number.NaN

  constructor(params: OneEuroParams) {
    this.params = params
  }

  /** Filter a new sample taken at `timeMs`. The first sample passes through. */
  filter(sample: number, timeMs: number): number {
    if (Number.isNaN(this.value)) {
      this.value = sample
      this.lastMs = timeMs
      return sample
    }
    const dtS = Math.max(1e-3, (timeMs - this.lastMs) / 1000)
    this.lastMs = timeMs
    const rawDerivative = (sample - this.value) / dtS
    this.derivative += alpha(this.params.derivativeCutoffHz, dtS) * (rawDerivative - this.derivative)
    const cutoff = this.params.minCutoffHz + this.params.beta * Math.abs(this.derivative)
    this.value += alpha(cutoff, dtS) * (sample - this.value)
    return this.value
  }

  /** Jump to a value (after a confirmed move) without smoothing from the old one. */
  reset(value: number, timeMs: number): void {
    this.value = value
    this.derivative = 0
    this.lastMs = timeMs
  }

  get current(): number {
    return this.value
  }
}
