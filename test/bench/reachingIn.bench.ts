// What the "reaching in" rule costs (issue 34, a script, not a timed test):
// `npx tsx test/bench/reachingIn.bench.ts [-- --rounds 200 --out file.json]`.
// One camera-order frame of the hands variant (seed 9: two arms over the table, a thumb and a fingertip
// fitted as 25 mm rounds): `reachingIn` on the fingertip (its top grown up the arm to the picture's
// edge: the dearest case) and on each of the twelve bases where it stands (a top bounded by its rim),
// then the whole search (`BaseFinder.find`) with and without the rule, in turn in the same process, so
// the ratio holds on a noisy machine.
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { loadOpenCv } from '../../src/tracking/opencv/openCv.ts'
import { FrameTracker } from '../../src/tracking/frameTracker.ts'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { BaseFinder } from '../../src/tracking/bases/findBases.ts'
import { tableProjector, type LockedTable } from '../../src/tracking/bases/tableProjector.ts'
import { reachingIn } from '../../src/tracking/bases/reachingIn.ts'
import { markerOnTable } from '../../src/tracking/bases/baseTracker.ts'
import { renderCameraOrder } from '../tracking/camera/renderCameraOrder.ts'
import type { OpenCvForPatterns } from '../tracking/camera/arucoPattern.ts'
import { variantScene } from '../tracking/bases/baseVariants.ts'
import { truthKey } from '../tracking/bases/scoreBases.ts'

const argv = process.argv.slice(2)
const flag = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback)
const ROUNDS = flag('rounds', 200)
const OUT = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : undefined
const r3 = (v: number) => Math.round(v * 1000) / 1000

const handle = await loadOpenCv()
const v = variantScene(handle.cv as unknown as OpenCvForPatterns, 'hands', 9, 1280)
const frame = renderCameraOrder(v.scene, v.lens, v.placement, v.pipeline)
const tracker = new FrameTracker(handle, parseRegistry({ format: 'tabletop-markers/1', ...v.registry }))
const result = tracker.track(frame, true)
tracker.dispose()
if (!result.table.locked) throw new Error(`the bench frame did not lock: ${result.table.reason}`)
const lock = result.table as LockedTable
const proj = tableProjector(lock)

function perCall(f: () => unknown, n: number): number {
  for (let i = 0; i < Math.min(20, n); i++) f()
  const t = performance.now()
  for (let i = 0; i < n; i++) f()
  return (performance.now() - t) / n
}

const fingertipMs = perCall(() => reachingIn(frame, proj, { shape: 'round', diameter: 25 }, 488.5, 498.1, 0, 0, 4), ROUNDS)
const basesMs = perCall(() => { for (const m of v.models) reachingIn(frame, proj, m.base, m.position[0], m.position[1], m.facingDeg, 0, 4) }, Math.max(1, ROUNDS / 4)) / v.models.length

const classes = [...new Map(v.models.map((m) => [truthKey(m.base), { key: truthKey(m.base), shape: m.base, heightMm: 4 }])).values()]
const request = { classes, table: { x0: 0, y0: 0, x1: 700, y1: 600 }, tracked: [], search: true, exclude: (result.detections ?? []).flatMap((d) => markerOnTable(lock, d.corners)) }
const withRule = new BaseFinder(handle), without = new BaseFinder(handle, { reachingIn: null })
const searches = Math.max(3, Math.round(ROUNDS / 40))
let withMs = 0, withoutMs = 0
for (let i = 0; i < searches; i++) {
  // in turn, so both see the same machine
  let t = performance.now(); withRule.find(frame, lock, request); withMs += performance.now() - t
  t = performance.now(); without.find(frame, lock, request); withoutMs += performance.now() - t
}
withRule.dispose(); without.dispose()

const out = {
  bench: 'reachingIn', date: new Date().toISOString().slice(0, 10), loadAverage: r3(loadavg()[0]!), rounds: ROUNDS, searches,
  reachingInMs: { fingertip: r3(fingertipMs), perBase: r3(basesMs) },
  searchMs: { withRule: r3(withMs / searches), without: r3(withoutMs / searches), ratio: r3(withMs / withoutMs) },
}
const json = JSON.stringify(out, null, 1)
process.stdout.write(json + '\n')
if (OUT) writeFileSync(OUT, json + '\n')
