// The personal marker sheet in a player's words (issue 31): a terrain piece's tab says where its strip
// goes ("glue under its edge": a piece has no base), a model's tab still "glue under base"; sides are
// printed by their books' names ("NAF Adaptive Strike Force", not "naf"). Through the setup's own path:
// a draft → its table file → the sheet the setup downloads.
import { describe, expect, it } from 'vitest'
import { loadRuleSystem } from '../../../src/app/state/systemLoader.ts'
import { sheetOf } from '../../../src/app/setup/setupStore.ts'
import { addModels, addPrismTerrain, buildTable, emptyDraft, tableFileOf } from '../../../src/app/setup/tableDraft.ts'
import { pageToSvg } from '../../../src/tracking/markers/markerSheets.ts'

describe('the marker sheet says where each strip goes and whose side', () => {
  it('Iron Line: a unit on NAF\'s side, a wall with a tab', async () => {
    await loadRuleSystem('iron-line')
    let d = emptyDraft('iron-line', { widthMm: 914.4, depthMm: 914.4 }, 'Kitchen table')
    d = addModels(d, { profile: 'drone-infantry', name: 'Drones', side: 'naf', count: 1, base: { shape: 'round', diameter: 32 }, heightMm: 30, weapons: [], layout: 'tab' })
    d = addPrismTerrain(d, { type: 'blocking', name: 'Wall', widthMm: 150, depthMm: 20, heightMm: 60, layout: 'tab' })
    const { scene, registry } = buildTable(d)
    const svg = sheetOf(tableFileOf(d, scene, registry, '2026-01-01T00:00:00.000Z')).pages.map((p) => pageToSvg(p, 'Kitchen table')).join('\n')
    // The section's title, and the label beside the marker (wrapped after "Strike").
    expect(svg).toContain('>Side NAF Adaptive Strike Force<')
    expect(svg).toContain('>side NAF Adaptive Strike<')
    expect(svg).not.toMatch(/side naf\b/)
    // One model tab and one terrain tab: each glue line once.
    expect(svg.match(/glue under base/g)).toHaveLength(1)
    expect(svg.match(/glue under its edge/g)).toHaveLength(1)
  })
})
