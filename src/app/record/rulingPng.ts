// A ruling as a PNG: the 3D view with its overlay beside the ruling's text.
import type { RulingRecord } from './rulingRecord.ts'
import type { Units } from '../state/settingsSlice.ts'
import { rulingLines } from './rulingText.ts'

const TEXT_WIDTH_PX = 640
const LINE_PX = 30

function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const words = text.split(' ')
  const lines: string[] = []
  let line = ''
  for (const w of words) {
    const next = line ? `${line} ${w}` : w
    if (ctx.measureText(next).width > width && line) {
      lines.push(line)
      line = `    ${w}`
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

export async function rulingPng(record: RulingRecord, view: HTMLCanvasElement | null, units: Units): Promise<Blob> {
  const viewW = view?.width ?? 0
  const viewH = view?.height ?? 0
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d')!
  ctx.font = '20px system-ui, sans-serif'
  const lines = rulingLines(record, units).flatMap((l) => wrap(ctx, l, TEXT_WIDTH_PX - 40))
  canvas.width = viewW + TEXT_WIDTH_PX
  canvas.height = Math.max(viewH, lines.length * LINE_PX + 60)
  ctx.fillStyle = '#0e1114'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  if (view) ctx.drawImage(view, 0, 0)
  ctx.fillStyle = '#ffffff'
  ctx.font = '20px system-ui, sans-serif'
  ctx.textBaseline = 'top'
  lines.forEach((l, i) => {
    ctx.fillStyle = i === 1 ? (l.startsWith('ALLOWED') ? '#2bff88' : '#ff5c5c') : '#ffffff'
    ctx.fillText(l, viewW + 20, 30 + i * LINE_PX)
  })
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not encode the PNG'))), 'image/png'))
}
