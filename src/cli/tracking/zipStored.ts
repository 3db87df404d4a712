// A zip archive of stored (uncompressed) entries with a fixed date, so the same inputs give the same
// bytes. MediaPipe's model bundles (.task) must be stored: the Tasks runtime hands out views into the
// archive instead of inflating. Node-only (build tooling).
import { crc32 } from 'node:zlib'

export type ZipEntry = { name: string; data: Uint8Array }

const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1

/**
 * The fields a local header (from byte 4) and a central-directory entry (from byte 6) share: version
 * needed (2.0), flags 0, method 0 (stored), time 00:00, the fixed date, CRC-32, both sizes, name length.
 */
function writeEntryFields(v: DataView, at: number, crc: number, size: number, nameLength: number): void {
  v.setUint16(at, 20, true)
  v.setUint16(at + 2, 0, true)
  v.setUint16(at + 4, 0, true)
  v.setUint16(at + 6, 0, true)
  v.setUint16(at + 8, DOS_DATE_1980_01_01, true)
  v.setUint32(at + 10, crc, true)
  v.setUint32(at + 14, size, true)
  v.setUint32(at + 18, size, true)
  v.setUint16(at + 22, nameLength, true)
}

export function zipStored(entries: readonly ZipEntry[]): Uint8Array {
  const enc = new TextEncoder()
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const e of entries) {
    const name = enc.encode(e.name)
    const crc = crc32(e.data)
    const local = new Uint8Array(30 + name.length)
    const l = new DataView(local.buffer)
    l.setUint32(0, 0x04034b50, true)
    writeEntryFields(l, 4, crc, e.data.length, name.length)
    local.set(name, 30)
    const c = new Uint8Array(46 + name.length)
    const cv = new DataView(c.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, 20, true) // version made by
    writeEntryFields(cv, 6, crc, e.data.length, name.length)
    cv.setUint32(42, offset, true)
    c.set(name, 46)
    parts.push(local, e.data)
    central.push(c)
    offset += local.length + e.data.length
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, entries.length, true)
  ev.setUint16(10, entries.length, true)
  ev.setUint32(12, centralSize, true)
  ev.setUint32(16, offset, true)
  const out = new Uint8Array(offset + centralSize + 22)
  let p = 0
  for (const part of [...parts, ...central, end]) { out.set(part, p); p += part.length }
  return out
}
