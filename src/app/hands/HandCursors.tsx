// The hand cursors over the camera image: a ring at the pointing fingertip (its arc fills with the
// dwell), a cross at a pinch, the pinch measure's line and figure, a large ring for an open palm. Drawn per
// animation frame from the gesture state (never React state).
import { useEffect, useRef } from 'react'
import type { HandsRuntime } from './handsRuntime.ts'
import { type FitPlacement, fitImage } from '../camera/registeredCamera.ts'
import { useApp } from '../state/appStore.ts'
import { modelNames } from '../format/names.ts'

const place: FitPlacement = { scale: 1, left: 0, top: 0 }

const COLOURS = { point: '#ffd23f', pinch: '#3fd2ff', palm: '#ff6b6b', other: 'rgba(255,255,255,0.5)' } as const

export function HandCursors({ runtime }: { runtime: HandsRuntime }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let raf = 0
    const draw = () => {
      raf = requestAnimationFrame(draw)
      const c = canvas.current
      if (!c) return
      const w = c.clientWidth, h = c.clientHeight
      if (c.width !== w || c.height !== h) { c.width = w; c.height = h }
      const g = c.getContext('2d')
      if (!g) return
      g.setTransform(1, 0, 0, 1, 0, 0)
      g.clearRect(0, 0, w, h)
      const fs = runtime.frameSize
      if (!fs.width) return
      // The image as the frame box shows it (object-fit cover or contain, centred: the box's data-fit).
      const box = c.parentElement?.dataset
      fitImage(fs.width, fs.height, w, h, box?.fit === 'cover' ? 'cover' : 'contain', place, Number(box?.posx ?? 0.5), Number(box?.posy ?? 0.5))
      const sx = place.scale, sy = place.scale
      g.setTransform(1, 0, 0, 1, place.left, place.top)
      // The pinch measure: its two ends (base edges or fingertip points) drawn through the table lock.
      const m = runtime.gestures.measure
      const lock = runtime.holder.lock
      if (m.active && lock?.locked) {
        const k = lock.imageFromTable
        const ax = (k[0] * m.fromMm[0] + k[1] * m.fromMm[1] + k[2]) / (k[6] * m.fromMm[0] + k[7] * m.fromMm[1] + k[8])
        const ay = (k[3] * m.fromMm[0] + k[4] * m.fromMm[1] + k[5]) / (k[6] * m.fromMm[0] + k[7] * m.fromMm[1] + k[8])
        const bx = (k[0] * m.toMm[0] + k[1] * m.toMm[1] + k[2]) / (k[6] * m.toMm[0] + k[7] * m.toMm[1] + k[8])
        const by = (k[3] * m.toMm[0] + k[4] * m.toMm[1] + k[5]) / (k[6] * m.toMm[0] + k[7] * m.toMm[1] + k[8])
        g.strokeStyle = COLOURS.pinch
        g.lineWidth = m.live ? 3 : 2
        g.setLineDash(m.live ? [] : [6, 6])
        g.beginPath()
        g.moveTo((ax + 0.5) * sx, (ay + 0.5) * sy)
        g.lineTo((bx + 0.5) * sx, (by + 0.5) * sy)
        g.stroke()
        g.setLineDash([])
        g.fillStyle = COLOURS.pinch
        g.font = '14px system-ui, sans-serif'
        g.fillText(`${m.distanceMm.toFixed(0)} ± ${m.uncertaintyMm.toFixed(0)} mm`, ((ax + bx) / 2 + 0.5) * sx + 8, ((ay + by) / 2 + 0.5) * sy - 8)
      }
      for (const cur of runtime.gestures.cursors) {
        if (!cur.active) continue
        const x = (cur.pointPx[0] + 0.5) * sx, y = (cur.pointPx[1] + 0.5) * sy
        g.strokeStyle = COLOURS[cur.pose]
        g.lineWidth = 3
        g.beginPath()
        if (cur.pose === 'pinch') {
          g.moveTo(x - 10, y); g.lineTo(x + 10, y); g.moveTo(x, y - 10); g.lineTo(x, y + 10)
        } else {
          g.arc(x, y, cur.pose === 'palm' ? 28 : 14, 0, Math.PI * 2)
        }
        g.stroke()
        if (cur.pose === 'point' && cur.dwell > 0) {
          g.lineWidth = 5
          g.beginPath()
          g.arc(x, y, 20, -Math.PI / 2, -Math.PI / 2 + cur.dwell * Math.PI * 2)
          g.stroke()
        }
        if (cur.highlightId) {
          g.fillStyle = COLOURS.point
          g.font = '14px system-ui, sans-serif'
          const st = useApp.getState()
          g.fillText(modelNames(st.evaluation.overlay, st.scene.models)[cur.highlightId] ?? cur.highlightId, x + 18, y - 18)
        }
      }
    }
    draw()
    return () => cancelAnimationFrame(raf)
  }, [runtime])
  return <canvas ref={canvas} className="hand-cursors" data-testid="hand-cursors" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} />
}
