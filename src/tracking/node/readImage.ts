// Node only (CLI, tests, benchmarks): PNG and JPEG files → RGBA frames, PNG out. Not exported from
// index.ts, so the browser bundle never sees node:fs.
import { readFileSync, writeFileSync } from 'node:fs'
import { PNG } from 'pngjs'
import jpeg from 'jpeg-js'
import { SceneError } from '../../engine/index.ts'
import type { RgbaFrame } from '../types.ts'

export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const

/** Read a PNG or JPEG (by content, not name) as RGBA. Throws SceneError saying what is wrong. */
export function readImageFile(path: string): RgbaFrame {
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new SceneError([{ path: '', message: `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}` }])
  }
  return decodeImage(bytes, path)
}

export function decodeImage(bytes: Uint8Array, name: string): RgbaFrame {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    if (buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47) {
      const png = PNG.sync.read(buf)
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) }
    }
    if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) {
      const img = jpeg.decode(buf, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 })
      return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength) }
    }
  } catch (e) {
    throw new SceneError([{ path: '', message: `cannot decode ${name}: ${(e as Error).message}` }])
  }
  throw new SceneError([{ path: '', message: `cannot read ${name}: not a PNG or JPEG image` }])
}

export function writePng(path: string, frame: RgbaFrame): void {
  const png = new PNG({ width: frame.width, height: frame.height })
  png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength)
  writeFileSync(path, PNG.sync.write(png))
}
