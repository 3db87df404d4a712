// What to say when a piece is far too big or too small at its scale: how far off it is, and the power
// of ten to set as its "scale" to bring it to a table size (a glTF drawn in mm and read as metres is
// exactly 1000× too big: "scale": 0.001; an STL exported in metres is 1000× too small: "scale": 1000).
import type { MeshFileFormat } from './meshFileFormat.ts'

/** A terrain piece's largest extent must lie within these (mm, after scale): 100× a 30 mm stone, 1/100 of 30 cm. */
export const PIECE_SIZE_MM = { min: 3, max: 3000 } as const
/** A piece further off than this is not in another unit (mm ↔ km is 10^6): no scale is suggested. */
const MAX_UNIT_FACTOR = 1e6
/** The size (mm) a suggested scale aims at: a typical terrain piece. */
const TYPICAL_MM = 150

/** The scale, a power of ten times the given one, that brings a piece of largestMm (at `scale`) nearest a typical size. */
export function suggestScale(largestMm: number, scale: number): number {
  const p = Math.round(Math.log10(TYPICAL_MM / largestMm))
  return Number((scale * 10 ** p).toPrecision(6))
}

/** The line for a piece whose largest extent is outside PIECE_SIZE_MM at its scale, or null when it fits. */
export function sizeAdvice(file: string, format: MeshFileFormat, sizeMm: readonly [number, number, number], scale: number): string | null {
  const largest = Math.max(...sizeMm)
  if (largest >= PIECE_SIZE_MM.min && largest <= PIECE_SIZE_MM.max) return null
  const big = largest > PIECE_SIZE_MM.max
  const metres = largest >= 10_000
  const dims = sizeMm.map((v) => (metres ? v / 1000 : v).toPrecision(3)).join(' × ')
  const suggested = suggestScale(largest, scale)
  const factor = Math.round(big ? suggested === 0 ? Infinity : scale / suggested : suggested / scale)
  // beyond any unit a file is drawn in (µm to km): a broken coordinate, not a scale to set
  if (!(factor <= MAX_UNIT_FACTOR)) return `${file} is ${dims} ${metres ? 'm' : 'mm'} at scale ${scale}: far beyond a terrain piece in any unit (expected ${PIECE_SIZE_MM.min}–${PIECE_SIZE_MM.max} mm): a coordinate is broken`
  const why = format === 'glb' || format === 'gltf'
    ? big ? ' (glTF counts in metres: a file drawn in mm reads 1000× too big)' : ''
    : big ? '' : ' (STL and OBJ are read as mm: a file exported in metres reads 1000× too small)'
  return `${file} is ${dims} ${metres ? 'm' : 'mm'} at scale ${scale}: ${factor}× too ${big ? 'big' : 'small'} for terrain (expected ${PIECE_SIZE_MM.min}–${PIECE_SIZE_MM.max} mm); set "scale": ${suggested} on the piece${why}`
}
