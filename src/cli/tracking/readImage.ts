// Node only (CLI, tests, benchmarks): PNG and JPEG files → RGBA frames, PNG out. Not exported from
// index.ts, so the browser bundle never sees node:fs.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { PNG } from 'pngjs'
import jpeg from 'jpeg-js'
import { type InputLimits, DEFAULT_LIMITS, SceneError, inFile, limitError } from '../../engine/index.ts'
import type { RgbaFrame } from '../../tracking/types.ts'

export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const

/** Read a PNG or JPEG (by content, not name) as RGBA. Throws SceneError saying what is wrong. */
export function readImageFile(path: string, limits: Pick<InputLimits, 'imagePixels' | 'inputBytes'> = DEFAULT_LIMITS): RgbaFrame {
  let bytes: Buffer
  try {
    const size = statSync(path).size
    if (size > limits.inputBytes) throw inFile(limitError('', 'inputBytes', `the file has ${size.toLocaleString('en-US')} bytes`, limits.inputBytes), path)
    bytes = readFileSync(path)
  } catch (e) {
    if (e instanceof SceneError) throw e
    const code = (e as NodeJS.ErrnoException).code
    throw new SceneError([{ path: '', message: `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}` }])
  }
  return decodeImage(bytes, path, limits)
}

/** Width and height from a PNG's IHDR or a JPEG's SOF marker, without decoding; null when not found. */
export function imageSize(buf: Buffer): { kind: 'PNG' | 'JPEG'; width: number; height: number } | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString('ascii', 12, 16) === 'IHDR') {
    return { kind: 'PNG', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) { i++; continue }
      const marker = buf[i + 1]!
      if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) { i += 2; continue }
      // SOF0–SOF15 carry the frame size (C4 DHT, C8 JPG and CC DAC are not frames).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { kind: 'JPEG', height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) }
      }
      i += 2 + buf.readUInt16BE(i + 2)
    }
  }
  return null
}

export function decodeImage(bytes: Uint8Array, name: string, limits: Pick<InputLimits, 'imagePixels'> = DEFAULT_LIMITS): RgbaFrame {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const isPng = buf.length >= 8 && buf.readUInt32BE(0) === 0x89504e47
  const isJpeg = buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff
  if (!isPng && !isJpeg) throw new SceneError([{ path: '', message: `cannot read ${name}: not a PNG or JPEG image` }])
  const size = imageSize(buf)
  const kind = isPng ? 'PNG' : 'JPEG'
  if (!size || size.width === 0 || size.height === 0) throw new SceneError([{ path: '', message: `cannot decode ${name}: the ${kind} header has no image size (truncated or damaged file)` }])
  const pixels = size.width * size.height
  if (pixels > limits.imagePixels) throw inFile(limitError('', 'imagePixels', `the ${kind} is ${size.width} × ${size.height} (${(pixels / 1e6).toFixed(0)} megapixels)`, limits.imagePixels), name)
  try {
    if (isPng) {
      const png = PNG.sync.read(buf)
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) }
    }
    const img = jpeg.decode(buf, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024, maxResolutionInMP: limits.imagePixels / 1e6 })
    return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength) }
  } catch {
    // The decoders' own messages ("unexpected end of input", internal offsets) do not help a user.
    throw new SceneError([{ path: '', message: `cannot decode ${name}: the ${kind} image data is incomplete or damaged (${size.width} × ${size.height} declared)` }])
  }
}

export function writePng(path: string, frame: RgbaFrame): void {
  const png = new PNG({ width: frame.width, height: frame.height })
  png.data = Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength)
  writeFileSync(path, PNG.sync.write(png))
}
