// When the camera modes offer the table survey first: a registry the app made (its table markers at the
// proposed spots, declared in the corners) until a survey has measured it; never a registry written by
// hand (no corner markers: its positions are the player's own measurements).
import { describe, expect, it } from 'vitest'
import { needsSurvey } from '../../../src/app/survey/surveyOffer.ts'
import { registryFromArmy } from '../../../src/tracking/registry/registryFromArmy.ts'
import type { Registry } from '../../../src/tracking/index.ts'

const made = registryFromArmy({ table: { widthMm: 609.6, depthMm: 609.6 }, models: [{ id: 'a1', base: { shape: 'round', diameter: 25 }, layout: 'tab' }] }).registry
const report = { frames: 5, rmsErrorPx: 0.3, camera: { source: 'estimated' as const, fx: 1400, fy: 1400 }, table: { from: 'corner-markers' as const }, markers: [] }

describe('the survey comes first', () => {
  it('for a registry the app made, until a survey has measured it', () => {
    expect(needsSurvey(made)).toBe(true)
    expect(needsSurvey({ ...made, survey: report })).toBe(false)
    // the army changed after the survey: its table markers and their survey are kept
    expect(needsSurvey(registryFromArmy({ table: { widthMm: 609.6, depthMm: 609.6 }, models: [{ id: 'a2', base: { shape: 'round', diameter: 32 }, layout: 'tab' }] }, { ...made, survey: report }).registry)).toBe(false)
  })

  it('never for a registry written by hand (no corner markers), nor without one', () => {
    const byHand: Registry = { format: 'tabletop-markers/1', markers: [{ id: 0, role: 'table', size: 70, position: [100, 100], rotation: 0 }, { id: 1, role: 'table', size: 70, position: [500, 100], rotation: 0 }] }
    expect(needsSurvey(byHand)).toBe(false)
    expect(needsSurvey(null)).toBe(false)
  })
})
