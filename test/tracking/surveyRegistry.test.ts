// tabletop-markers/1 for the survey: table markers may lack position and rotation in a survey's input;
// tracking refuses them with what to do; the additive fields (corner, cornerInset, survey) are checked.
import { describe, expect, it } from 'vitest'
import { isSurveyed, parseRegistry, parseSurveyRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { indexRegistry } from '../../src/tracking/registry/indexRegistry.ts'
import { sceneIssuesOf } from '../engine/sceneIssues.ts'

const unsurveyed = {
  format: 'tabletop-markers/1',
  markers: [
    { id: 0, role: 'table', size: 70, corner: 'x0y0' },
    { id: 1, role: 'table', size: 70, corner: 'x1y0', cornerInset: 5 },
    { id: 2, role: 'table', size: 70 },
    { id: 10, role: 'model', model: 'a1', size: 20, offset: [-32.3, 0], rotation: -90 },
  ],
}

describe('registry for the table survey', () => {
  it('a survey input: table markers without position or rotation parse; the registry is not surveyed yet', () => {
    const r = parseSurveyRegistry(unsurveyed)
    expect(r.markers).toHaveLength(4)
    expect(isSurveyed(r)).toBe(false)
  })

  it('tracking refuses it, saying which marker and what to do', () => {
    expect(sceneIssuesOf(() => parseRegistry(unsurveyed))).toEqual([
      'markers[0].position: table marker 0 has no position yet: survey the table first (cli survey, or the app\'s table survey) to measure where it lies',
      'markers[1].position: table marker 1 has no position yet: survey the table first (cli survey, or the app\'s table survey) to measure where it lies',
      'markers[2].position: table marker 2 has no position yet: survey the table first (cli survey, or the app\'s table survey) to measure where it lies',
    ])
    // A registry that skipped the parse (a saved table, a worker message) is refused by the index too.
    expect(sceneIssuesOf(() => indexRegistry(unsurveyed as never))).toEqual(['markers: table marker 0 has no position yet: survey the table first (cli survey, or the app\'s table survey)'])
  })

  it('old registries keep working; a surveyed one (positions, corner fields, the survey report) is a registry', () => {
    const old = { format: 'tabletop-markers/1', markers: [{ id: 0, role: 'table', size: 70, position: [70, 70] }, { id: 1, role: 'table', size: 70, position: [1149, 70], rotation: 90 }] }
    expect(isSurveyed(parseRegistry(old))).toBe(true)
    const surveyed = {
      ...unsurveyed,
      markers: unsurveyed.markers.map((m, i) => (m.role === 'table' ? { ...m, position: [[46.7, 46.7], [1172.5, 46.7], [600, 800]][i], rotation: 90 * i } : m)),
      survey: { frames: 10, rmsErrorPx: 0.04, camera: { source: 'estimated', fx: 1480.2, fy: 1480.2 }, table: { from: 'corner-markers', widthMm: 1219.4 }, markers: [{ id: 0, residualMm: 0.1, views: 6 }] },
    }
    expect(parseRegistry(surveyed).survey?.table.widthMm).toBe(1219.4)
  })

  it('refuses two markers in one corner, cornerInset without a corner, an unknown corner name, a malformed survey report', () => {
    const corner = (markers: unknown[]) => sceneIssuesOf(() => parseSurveyRegistry({ format: 'tabletop-markers/1', markers }))
    expect(corner([{ id: 0, role: 'table', size: 70, corner: 'x0y0' }, { id: 1, role: 'table', size: 70, corner: 'x0y0' }])).toEqual(['markers[1].corner: two table markers (0 and 1) are declared in corner x0y0'])
    expect(corner([{ id: 0, role: 'table', size: 70, cornerInset: 3 }])).toEqual(['markers[0].cornerInset: cornerInset needs "corner" (which table corner marker 0 lies in)'])
    expect(corner([{ id: 0, role: 'table', size: 70, corner: 'middle' }])[0]).toMatch(/^markers\[0\]\.corner: /)
    expect(sceneIssuesOf(() => parseSurveyRegistry({ ...unsurveyed, survey: { frames: -1 } })).some((i) => i.startsWith('survey.frames'))).toBe(true)
  })
})
