// What reading the marked models' base rims costs (issue 31, a script, not a timed test):
// `npx tsx test/bench/baseRim.bench.ts [-- --rounds 20 --variant srgb-jpeg75-noise --out file.json]`.
// One phone-like frame of the tracking variants (test/tracking/synth/variants.ts: 1920×1080, 14
// models with tabs), tracked whole by FrameTracker with the models' bases (their rims fitted and
// fused, pipeline/baseRim.ts) and without, in turn in the same process, so the ratio holds on a noisy
// machine; and the rims used and the cost per rim.
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { renderVariant, VARIANT_NAMES, type VariantName } from '../tracking/synth/variants.ts'

const argv = process.argv.slice(2)
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined)
const ROUNDS = Number(arg('rounds') ?? 20)
const VARIANT = (arg('variant') ?? 'srgb-jpeg75-noise') as VariantName
if (!VARIANT_NAMES.includes(VARIANT)) throw new Error(`--variant: one of ${VARIANT_NAMES.join(', ')}`)
const OUT = arg('out')
const r3 = (v: number) => Math.round(v * 1000) / 1000

const handle = await loadOpenCv()
const v = renderVariant(handle, VARIANT, 700)
const bases = v.scene.spec.models.map((m) => ({ id: m.id, base: m.base }))
const calibration = VARIANT === 'distortion' ? v.calibration : null
const withRims = new FrameTracker(handle, v.scene.registry, { calibration, params: { roi: { enabled: false } }, modelBases: bases })
const without = new FrameTracker(handle, v.scene.registry, { calibration, params: { roi: { enabled: false } } })

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
const times = { with: [] as number[], without: [] as number[] }
let rims = 0, used = 0
for (let i = 0; i < 3; i++) { withRims.track(v.render.frame, true); without.track(v.render.frame, true) }
for (let i = 0; i < ROUNDS; i++) {
  // In turn, so both meet the same load.
  let t = cpuMs()
  const r = withRims.track(v.render.frame, true)
  times.with.push(cpuMs() - t)
  t = cpuMs()
  without.track(v.render.frame, true)
  times.without.push(cpuMs() - t)
  if (i === 0) for (const o of r.objects) if (o.baseRim) { rims++; if (o.baseRim.used) used++ }
}
withRims.dispose()
without.dispose()
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!
const msWith = median(times.with), msWithout = median(times.without)
const doc = {
  bench: 'base rims read with the markers (issue 31)',
  date: new Date().toISOString(),
  loadAverage: loadavg().map(r3),
  setting: { variant: VARIANT, seed: 700, image: `${v.render.frame.width}x${v.render.frame.height}`, rounds: ROUNDS },
  rims, used,
  cpuMsPerFrame: { withRims: r3(msWith), markersOnly: r3(msWithout) },
  ratio: r3(msWith / msWithout),
  msPerRim: r3(rims ? (msWith - msWithout) / rims : Number.NaN),
}
const text = JSON.stringify(doc, null, 2)
if (OUT) writeFileSync(OUT, text + '\n')
process.stdout.write(text + '\n')
