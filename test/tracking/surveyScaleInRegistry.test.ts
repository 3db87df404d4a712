// The survey's scale 1σ in the registry it writes (`survey.scaleSigmaRel`, issue 31): kept with the
// survey's report, optional (a survey before it has none), refused where it is when it is not a share.
import { describe, expect, it } from 'vitest'
import { parseRegistry } from '../../src/tracking/registry/registrySchema.ts'
import { sceneIssuesOf } from '../engine/sceneIssues.ts'

const survey = { frames: 8, rmsErrorPx: 0.05, camera: { source: 'estimated', fx: 1478, fy: 1478 }, table: { from: 'corner-markers' }, markers: [] }
const registry = (extra: Record<string, unknown>) => ({
  format: 'tabletop-markers/1',
  markers: [
    { id: 0, role: 'table', size: 50, position: [0, 0] },
    { id: 1, role: 'table', size: 50, position: [1000, 0] },
    { id: 10, role: 'model', model: 'a1', size: 20 },
  ],
  ...extra,
})

describe("the survey's scale σ in a registry file", () => {
  it('kept with the survey; a survey without it (written before it) is read as before', () => {
    expect(parseRegistry(registry({ survey: { ...survey, scaleSigmaRel: 0.0005 } })).survey!.scaleSigmaRel).toBe(0.0005)
    expect(parseRegistry(registry({ survey })).survey!.scaleSigmaRel).toBeUndefined()
  })

  it('a negative or non-numeric scale σ is refused where it is', () => {
    expect(sceneIssuesOf(() => parseRegistry(registry({ survey: { ...survey, scaleSigmaRel: -0.001 } })))[0]).toMatch(/survey\.scaleSigmaRel/)
    expect(sceneIssuesOf(() => parseRegistry(registry({ survey: { ...survey, scaleSigmaRel: 'small' } })))[0]).toMatch(/survey\.scaleSigmaRel/)
  })
})
