// What tracking asks of the camera (src/app/camera/cameraConstraints.ts): the exposure for a
// measured shake, 4K only when the tracker keeps the rate, and the status line's summary — on
// capability sets as phones report them (Image Capture: exposureTime in 100 µs units).
import { describe, expect, it } from 'vitest'
import { TARGET_STREAK_PX, TRACKING_CONSTRAINTS, chooseResolution, describeGranted, exposureForShake, grantedSummary, readOffer } from '../../src/app/camera/cameraConstraints.ts'

// A phone's rear camera (values as Chrome on Android reports them).
const phone = readOffer({
  width: { min: 160, max: 3840 }, height: { min: 120, max: 2160 }, frameRate: { min: 1, max: 30 },
  focusMode: ['manual', 'single-shot', 'continuous'], exposureMode: ['manual', 'continuous'],
  exposureTime: { min: 1, max: 3300 }, iso: { min: 50, max: 3200 },
})

describe('camera constraints', () => {
  it('asks for the rear camera at 1080p and 30 fps', () => {
    expect(TRACKING_CONSTRAINTS.video).toMatchObject({ facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 30 } })
  })

  it('reads the offer in seconds: exposure 0.1 ms … 330 ms', () => {
    expect(phone.exposureTimeS).toEqual([0.0001, 0.33])
    expect(phone.focusModes).toContain('continuous')
  })

  it('picks the exposure that keeps the streak under 1 px at the measured shake, within the frame interval and what the ISO can make up', () => {
    expect(TARGET_STREAK_PX).toBe(1)
    // 100 px/s of shake: 1/100 s leaves a 1 px streak.
    expect(exposureForShake(100, phone, 30, { exposureTimeS: 1 / 30, iso: 100 })).toBeCloseTo(0.01, 12)
    // Barely any shake: never longer than a frame.
    expect(exposureForShake(5, phone, 30, { exposureTimeS: 1 / 30, iso: 100 })).toBeCloseTo(1 / 30, 12)
    // ISO 1600 at 1/30 s can gain only 2× more (to 3200): not shorter than 1/60 s, whatever the shake.
    expect(exposureForShake(1000, phone, 30, { exposureTimeS: 1 / 30, iso: 1600 })).toBeCloseTo(1 / 60, 12)
    // No ISO control: at most one stop darker than now.
    expect(exposureForShake(1000, { ...phone, iso: null }, 30, { exposureTimeS: 1 / 30, iso: null })).toBeCloseTo(1 / 60, 12)
    // No manual exposure offered, or no shake measured yet: nothing to set.
    expect(exposureForShake(100, { ...phone, exposureModes: ['continuous'] }, 30, { exposureTimeS: null, iso: null })).toBeNull()
    expect(exposureForShake(Number.NaN, phone, 30, { exposureTimeS: null, iso: null })).toBeNull()
  })

  it('takes 4K only when the tracker keeps the frame rate with 4× the pixels', () => {
    // 2 ms per megapixel: 8.3 MP take 16.6 ms, under 80 % of 33 ms.
    expect(chooseResolution(phone, 30, 2)).toEqual({ width: 3840, height: 2160 })
    expect(chooseResolution(phone, 30, 4)).toBeNull()
    expect(chooseResolution(readOffer({ width: { min: 1, max: 1920 }, height: { min: 1, max: 1080 }, frameRate: { min: 1, max: 30 } }), 30, 1)).toBeNull()
  })

  it('says what was granted in one line, and what is not offered', () => {
    const g = describeGranted({ width: 1920, height: 1080, frameRate: 30, focusMode: 'continuous', exposureMode: 'manual', exposureTime: 40 }, phone, [])
    expect(g.exposureTimeS).toBeCloseTo(0.004, 12)
    expect(grantedSummary(g)).toBe('1920×1080 · 30 fps · continuous focus · 1/250 s')
    const fake = describeGranted({ width: 1280, height: 720, frameRate: 30 }, readOffer({}), ['focus modes not offered'])
    expect(grantedSummary(fake)).toBe('1280×720 · 30 fps · focus not offered · exposure not offered')
  })
})
