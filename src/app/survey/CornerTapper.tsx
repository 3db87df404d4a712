// Tapping the table's corners on a picture of the survey (when no table markers lie in the corners):
// the corners in a fixed order, each shown where it was tapped, with its name. The positions are image
// px of that picture; the survey casts them onto the table through the view's measured camera.
import { useEffect, useRef } from 'react'
import type { TableCorner, TableTap } from '../../tracking/index.ts'
import type { SurveyStill } from './surveyRun.ts'

/** The order the corners are asked for, and how a player at the table knows them. */
export const CORNER_ORDER: { corner: TableCorner; name: string; hint: string }[] = [
  { corner: 'x0y0', name: 'origin corner', hint: 'the corner on your left along your edge of the table' },
  { corner: 'x1y0', name: 'second corner', hint: 'the corner on your right along the same edge' },
  { corner: 'x1y1', name: 'third corner', hint: 'the far corner on your right (optional)' },
  { corner: 'x0y1', name: 'fourth corner', hint: 'the far corner on your left (optional)' },
]

export function CornerTapper({ still, taps, onTap }: { still: SurveyStill; taps: readonly TableTap[]; onTap: (tap: TableTap) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const next = CORNER_ORDER[taps.length]

  useEffect(() => {
    const c = canvas.current
    if (!c) return
    c.width = still.image.width
    c.height = still.image.height
    const ctx = c.getContext('2d')!
    ctx.putImageData(still.image, 0, 0)
    const r = Math.max(6, still.image.width / 120)
    ctx.lineWidth = r / 2.5
    ctx.font = `bold ${Math.round(r * 2.6)}px system-ui, sans-serif`
    taps.forEach((t, i) => {
      const [x, y] = t.pointPx
      ctx.strokeStyle = '#000'
      ctx.fillStyle = '#ffd400'
      ctx.beginPath()
      ctx.arc(x, y, r, 0, 2 * Math.PI)
      ctx.fill()
      ctx.stroke()
      const label = `${i + 1}`
      ctx.strokeText(label, x + r * 1.4, y - r * 1.2)
      ctx.fillText(label, x + r * 1.4, y - r * 1.2)
    })
  }, [still, taps])

  return (
    <div className="survey-tapper">
      <p role="status" data-testid="survey-tap-next">
        {next ? <>Tap the <strong>{next.name}</strong> of the table: {next.hint}.</> : 'All four corners tapped.'}
        {' '}{taps.length >= 2 ? 'Two corners along one edge are enough; more make the edges surer.' : ''}
      </p>
      <canvas
        ref={canvas}
        className="survey-still"
        data-testid="survey-still"
        data-view={still.viewId}
        onClick={(e) => {
          if (!next) return
          const box = e.currentTarget.getBoundingClientRect()
          const x = ((e.clientX - box.left) / box.width) * still.image.width - 0.5
          const y = ((e.clientY - box.top) / box.height) * still.image.height - 0.5
          onTap({ viewId: still.viewId, corner: next.corner, pointPx: [x, y] })
        }}
      />
    </div>
  )
}
