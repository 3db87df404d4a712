// The camera modes' status line tells the player how far to trust the table lock: locked on enough
// markers, locked on only 2 (less certain far from them), or not locked (issue 11).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { StatusLineView } from '../../src/app/camera/StatusLine.tsx'
import { TRACKING_OFF, type TrackingStatus } from '../../src/app/state/trackingSlice.ts'

const running = { ...TRACKING_OFF, state: 'running' as const, markersSeen: 9, fps: 12, latencyMs: 40 }

const render = (t: Partial<TrackingStatus>) => renderToStaticMarkup(<StatusLineView t={{ ...running, ...t }} />)

describe('status line', () => {
  it('a lock on 3 or more table markers reads plainly', () => {
    const html = render({ tableLocked: true, reprojectionErrorPx: 0.12, lockOnTwoMarkers: false })
    expect(html).toContain('table locked (0.12 px)')
    expect(html).toContain('status-line good')
  })

  it('a lock resting on 2 table markers says so, and asks for a third', () => {
    const html = render({ tableLocked: true, reprojectionErrorPx: 0.2, lockOnTwoMarkers: true })
    expect(html).toContain('table locked on only 2 markers (0.20 px): less certain far from them, show a third')
    expect(html).toContain('status-line bad')
  })

  it('a lock whose fit is looser than 0.5 px (uncalibrated lens, motion blur) says its positions are doubted', () => {
    const html = render({ tableLocked: true, reprojectionErrorPx: 1.2, lockOnTwoMarkers: false })
    expect(html).toContain('table locked (1.20 px): fit too loose, positions doubted (hold still, or calibrate the lens)')
    expect(html).toContain('status-line bad')
    expect(render({ tableLocked: true, reprojectionErrorPx: 0.4, lockOnTwoMarkers: false })).toContain('status-line good')
  })

  it('no lock reads "table not locked"', () => {
    expect(render({ tableLocked: false, reprojectionErrorPx: null })).toContain('table not locked')
  })
})
