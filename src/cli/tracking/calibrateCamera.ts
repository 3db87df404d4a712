// Node only: calibrate a camera from photos of the printed ChArUco board (markers/charuco-board.pdf)
// and write a tabletop-camera/1 file for `cli track --camera`.
//   npx tsx src/cli/tracking/calibrateCamera.ts <photos or folder> --out camera.json [--device "phone"]
//     [--squares 5x7 --square-mm 28 --marker-mm 21 --dictionary DICT_5X5_100]
// (The main CLI has no `calibrate` subcommand; its dispatch is owned by src/cli/main.ts.)
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { loadOpenCv } from '../../tracking/opencv/openCv.ts'
import { calibrateCharuco } from '../../tracking/opencv/charuco.ts'
import { intrinsicsFile } from '../../tracking/calibration/intrinsicsSchema.ts'
import { CHARUCO_BOARD } from '../../tracking/markers/markerSheets.ts'
import { createGrayFrame, toGray } from '../../tracking/pipeline/grayFrame.ts'
import { IMAGE_EXTENSIONS, readImageFile } from './readImage.ts'
import type { DictionaryName } from '../../tracking/registry/registrySchema.ts'

async function main(argv: string[]): Promise<number> {
  const opt = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const valued = new Set(['out', 'device', 'squares', 'square-mm', 'marker-mm', 'dictionary'])
  const inputs = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && valued.has(argv[i - 1]!.slice(2))))
  const out = opt('out')
  if (!out || inputs.length === 0) {
    process.stderr.write('usage: calibrateCamera.ts <photos or folder> --out camera.json [--device name] [--squares 5x7 --square-mm 28 --marker-mm 21 --dictionary DICT_5X5_100]\n')
    return 2
  }
  const files = inputs.flatMap((p) => (statSync(p).isDirectory() ? readdirSync(p).filter((f) => (IMAGE_EXTENSIONS as readonly string[]).includes(extname(f).toLowerCase())).sort().map((f) => join(p, f)) : [p]))
  const [sx, sy] = (opt('squares') ?? `${CHARUCO_BOARD.squaresX}x${CHARUCO_BOARD.squaresY}`).split('x').map(Number)
  const cv = await loadOpenCv()
  const frames = files.map((f) => {
    const rgba = readImageFile(f)
    return toGray(rgba, createGrayFrame(rgba.width, rgba.height))
  })
  const result = calibrateCharuco(cv, {
    squaresX: sx!, squaresY: sy!,
    squareLength: Number(opt('square-mm') ?? CHARUCO_BOARD.squareMm),
    markerLength: Number(opt('marker-mm') ?? CHARUCO_BOARD.markerMm),
    dictionary: (opt('dictionary') ?? CHARUCO_BOARD.dictionary) as DictionaryName,
  }, frames)
  writeFileSync(out, JSON.stringify(intrinsicsFile(result.intrinsics, opt('device')), null, 2) + '\n')
  process.stdout.write(JSON.stringify({ rmsErrorPx: result.rmsErrorPx, views: result.views.map((v, i) => ({ file: files[i], ...v })) }, null, 2) + '\n')
  return 0
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`)
  process.exit(2)
})
