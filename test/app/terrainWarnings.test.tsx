// The card says how a terrain file was read where that changes the answer (issue 35 item 8): the
// warnings of the pieces between the attacker and the target, the same the CLI's eval gives, and none
// for a pick whose line no warned piece crosses or blocks. A ruling (ruleOn) carries every warning of
// its scene, as `cli eval` of that scene with its one query does.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Scene } from '../../src/engine/index.ts'
import { evaluateOverlay, ruleOn } from '../../src/app/engine/evaluateOverlay.ts'
import { TerrainWarnings } from '../../src/app/ui/TerrainWarnings.tsx'
import { loadSceneMeshes } from '../../src/cli/loadMeshes.ts'
import { loadLibraryIntoApp } from '../setup/libraryMeshes.ts'

const MODELS = join(import.meta.dirname, '../../models')
const scene = (JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/terrain-library/tree-cards-thin-surfaces.scenario.json'), 'utf8')) as { scene: Scene }).scene
const pick = (attackerId: string, targetId: string) => ({ attackerId, targetId, weaponId: null, rays: false })

describe('the card shows the terrain warnings of the pieces on the pick\'s line', () => {
  beforeAll(loadLibraryIntoApp)

  it('the tree cards (read as thin surfaces) on the line c → d: said on the card in the file\'s own words; not for a → b, whose line passes between the cards\' arms, nor for a pick far from them', async () => {
    const { warnings } = await loadSceneMeshes(MODELS, scene, { cacheDir: null })
    expect(warnings.map((w) => w.code)).toEqual(['terrain-read-as'])
    // c (610, 480) → d (610, 720) crosses the card along y = 600 (x 570…630): it blocks (the scenario's "solid")
    const across = evaluateOverlay(structuredClone(scene), pick('c', 'd'), warnings)
    expect(across.terrainWarnings).toEqual([{ ...warnings[0]!, piece: 'trees', text: warnings[0]!.message }])
    const html = renderToStaticMarkup(<TerrainWarnings warnings={across.terrainWarnings} />)
    expect(html).toContain('data-testid="card-terrain-warnings"')
    expect(html).toContain('data-code="terrain-read-as"')
    expect(html).toContain('tree-cards.glb: 2 open part(s): read as thin surfaces 1 mm thick')
    // a (690, 550) → b (550, 690): x + y = 1240 meets the arms' lines beyond their 30 mm (the scenario's "opening")
    expect(evaluateOverlay(structuredClone(scene), pick('a', 'b'), warnings).terrainWarnings).toEqual([])
    const aside = structuredClone(scene)
    aside.models.push({ id: 'g', side: 'B', profile: 'small-model', base: { shape: 'round', diameter: 25 }, height: 40, position: [900, 550] } as Scene['models'][number])
    const off = evaluateOverlay(aside, pick('a', 'g'), warnings)
    expect(off.attack).not.toBeNull()
    expect(off.terrainWarnings).toEqual([])
    expect(renderToStaticMarkup(<TerrainWarnings warnings={off.terrainWarnings} />)).toBe('')
    // a piece the player named otherwise than its file is named first
    const named = structuredClone(scene)
    ;(named.terrain![0] as { name?: string }).name = 'Copse'
    expect(evaluateOverlay(named, pick('c', 'd'), warnings).terrainWarnings[0]!.text).toBe(`Copse: ${warnings[0]!.message}`)
  })

  it('a ruling carries every warning of its scene, as cli eval does', async () => {
    const { warnings } = await loadSceneMeshes(MODELS, scene, { cacheDir: null })
    const doc = ruleOn(structuredClone(scene), { id: 'attack', type: 'attack', attacker: 'a', target: 'b' }, warnings)
    expect(doc.warnings?.filter((w) => w.code === 'terrain-read-as')).toEqual(warnings)
    expect(ruleOn(structuredClone(scene), { id: 'attack', type: 'attack', attacker: 'a', target: 'b' }).warnings?.some((w) => w.code === 'terrain-read-as') ?? false).toBe(false)
  })
})
