// Under the tracking status line (issue 26): "Hold still" with a steadiness bar while the phone
// moves (only then), and what the camera granted with the frames used and rejected.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CaptureStatusView } from '../../src/app/camera/CaptureStatus.tsx'
import { describeGranted, readOffer } from '../../src/app/camera/cameraConstraints.ts'
import type { CaptureStats } from '../../src/tracking/index.ts'

const stats = (s: Partial<CaptureStats>): CaptureStats => ({ framesUsed: 40, framesRejected: 6, framesUnlocked: 1, blurPx: 0.4, motionPxPerS: 60, shakePxPerS: 80, steadiness: 0.95, holdStill: false, ...s })
const camera = describeGranted({ width: 1920, height: 1080, frameRate: 30, focusMode: 'continuous', exposureMode: 'manual', exposureTime: 80 }, readOffer({ focusMode: ['continuous'], exposureMode: ['manual'], exposureTime: { min: 1, max: 3300 } }), [])

describe('capture status', () => {
  it('says "Hold still" with a bar at the steadiness while the phone moves', () => {
    const html = renderToStaticMarkup(<CaptureStatusView capture={stats({ holdStill: true, steadiness: 0.32 })} camera={camera} />)
    expect(html).toContain('Hold still')
    expect(html).toContain('aria-valuenow="32"')
    expect(html).toContain('width:32%')
    expect(html).toContain('rulings wait')
    expect(html).toContain('data-hold="yes"')
  })

  it('says nothing about holding still when the view is steady, and shows what the camera granted', () => {
    const html = renderToStaticMarkup(<CaptureStatusView capture={stats({})} camera={camera} />)
    expect(html).not.toContain('Hold still')
    expect(html).toContain('camera 1920×1080 · 30 fps · continuous focus · 1/125 s · frames used 40, rejected 6')
  })

  it('splits in two: the badge over the image is the hold-still bar alone, the grant goes among the controls', () => {
    const badge = renderToStaticMarkup(<CaptureStatusView capture={stats({ holdStill: true, steadiness: 0.5 })} camera={camera} part="hold" />)
    expect(badge).toContain('Hold still')
    expect(badge).not.toContain('1920×1080')
    const granted = renderToStaticMarkup(<CaptureStatusView capture={stats({ holdStill: true })} camera={camera} part="granted" />)
    expect(granted).toContain('camera 1920×1080 · 30 fps')
    expect(granted).not.toContain('Hold still')
    expect(granted).not.toContain('data-hold')
  })

  it('renders nothing before the camera runs', () => {
    expect(renderToStaticMarkup(<CaptureStatusView capture={null} camera={null} />)).toBe('')
  })
})
