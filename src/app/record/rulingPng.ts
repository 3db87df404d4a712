// A ruling as a PNG: the 3D view with its overlay beside the ruling's text. The verdict line is
// green or red; every other line (and every wrapped continuation of a line) keeps its own line's colour.
import type { RulingRecord } from './rulingRecord.ts'
import type { Units } from '../state/settingsSlice.ts'
import { rulingLines } from './rulingText.ts'

const TEXT_WIDTH_PX = 640
const LINE_PX = 30
const WHITE = '#ffffff'
const GOOD = '#2bff88'
const BAD = '#ff5c5c'

export type PngLine = { text: string; colour: string }

/** One text line broken at spaces to fit `width` (continuations indented). */
function wrap(measure: (text: string) => number, text: string, width: number): string[] {
  const words = text.split(' ')
  const lines: string[] = []
  let line = ''
  for (const w of words) {
    const next = line ? `${line} ${w}` : w
    if (measure(next) > width && line) {
      lines.push(line)
      line = `    ${w}`
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

/** The PNG's text column: each of the ruling's lines wrapped, coloured by the line it came from (the verdict line only in green or red). */
export function pngLines(lines: readonly string[], measure: (text: string) => number, width = TEXT_WIDTH_PX - 40): PngLine[] {
  return lines.flatMap((l, i) => {
    const colour = i === 1 && (l === 'ALLOWED' || l === 'NOT ALLOWED') ? (l === 'ALLOWED' ? GOOD : BAD) : WHITE
    return wrap(measure, l, width).map((text) => ({ text, colour }))
  })
}

export async function rulingPng(record: RulingRecord, view: HTMLCanvasElement | null, units: Units): Promise<Blob> {
  const viewW = view?.width ?? 0
  const viewH = view?.height ?? 0
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d')!
  ctx.font = '20px system-ui, sans-serif'
  const lines = pngLines(rulingLines(record, units), (t) => ctx.measureText(t).width)
  canvas.width = viewW + TEXT_WIDTH_PX
  canvas.height = Math.max(viewH, lines.length * LINE_PX + 60)
  ctx.fillStyle = '#0e1114'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  if (view) ctx.drawImage(view, 0, 0)
  ctx.font = '20px system-ui, sans-serif'
  ctx.textBaseline = 'top'
  lines.forEach((l, i) => {
    ctx.fillStyle = l.colour
    ctx.fillText(l.text, viewW + 20, 30 + i * LINE_PX)
  })
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not encode the PNG'))), 'image/png'))
}
