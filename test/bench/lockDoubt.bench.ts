// The table lock's cost with and without the camera's doubt worked out (issue 31, a script, not a
// timed test): `npx tsx test/bench/lockDoubt.bench.ts [-- --locks 2000 --out file.json]`.
// One lock of 8 table markers (1920 × 1080, 1.5 m at 45°), with and without a camera file: the plain
// lock (`fuseTablePose`), and the lock whose camera-centre covariance is asked for (what a frame with a
// marker above the table pays: ten pose re-fits without a camera file, two with one). Both run in turn in
// the same process, so the ratio holds on a noisy machine.
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fuseTablePose } from '../../src/tracking/pipeline/fuseTablePose.ts'
import type { TableMarker } from '../../src/tracking/registry/registrySchema.ts'
import type { CameraIntrinsics, MarkerCorners, MarkerDetection } from '../../src/tracking/types.ts'
import { cameraLookingAt, eyeAround, imagePointOf, type Lens } from '../tracking/camera/cameraProjection.ts'

const argv = process.argv.slice(2)
const flag = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback)
const LOCKS = flag('locks', 2000)
const OUT = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : undefined

const lens: Lens = { width: 1920, height: 1080, fx: 1500, fy: 1500, cx: 959.5, cy: 539.5 }
const table: TableMarker[] = [[100, 100], [600, 100], [1100, 100], [1100, 600], [1100, 1100], [600, 1100], [100, 1100], [100, 600]]
  .map(([x, y], id) => ({ id, role: 'table', size: 80, position: [x!, y!] }))
const cam = cameraLookingAt(eyeAround([600, 600], 1500, 45, 20), [600, 600, 0])
const detections: MarkerDetection[] = table.map((m) => ({
  id: m.id,
  corners: [[-40, 40], [40, 40], [40, -40], [-40, -40]].map(([dx, dy]) => imagePointOf(lens, cam, [m.position[0] + dx!, m.position[1] + dy!, 0])!) as unknown as MarkerCorners,
  sidePx: 40,
}))
const byId = new Map(table.map((m) => [m.id, m]))

function time(calibration: CameraIntrinsics | null, withDoubt: boolean): number {
  const t = performance.now()
  for (let i = 0; i < LOCKS; i++) {
    const lock = fuseTablePose(detections, byId, lens, calibration)
    if (withDoubt && !lock.cameraCentreCovariance?.()) throw new Error('no camera-centre covariance')
  }
  return (performance.now() - t) / LOCKS
}

const rows: Record<string, { plainMs: number; withDoubtMs: number; ratio: number }> = {}
for (const [name, calibration] of [['no camera file', null], ['camera file', { ...lens, source: 'calibration' } as CameraIntrinsics]] as const) {
  time(calibration, true) // warm
  let plain = 0, doubt = 0
  for (let round = 0; round < 3; round++) { plain += time(calibration, false); doubt += time(calibration, true) }
  rows[name] = { plainMs: +(plain / 3).toFixed(3), withDoubtMs: +(doubt / 3).toFixed(3), ratio: +(doubt / plain).toFixed(2) }
}
const result = { bench: 'lockDoubt', locks: LOCKS, load: loadavg()[0], rows }
console.log(JSON.stringify(result, null, 2))
if (OUT) writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n')
