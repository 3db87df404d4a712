// The pinch measure in the verdict strip (issue 15, item 3): the gesture tracker's measure on a
// synthetic pinch (hand-computable: a camera straight down at 1 mm per px, see gestureTracker.test.ts)
// reaches the strip through the hands runtime's store and reads "distance ± 1σ" with its ends, in the
// player's units; it goes when cleared, and the strip is unchanged without it.
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { evaluateTable, loadScene } from '../../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../../src/systems/index.ts'
import { GestureTracker } from '../../../src/tracking/hands/index.ts'
import { VerdictStrip } from '../../../src/app/ui/VerdictStrip.tsx'
import { setPinchView } from '../../../src/app/hands/pinchMeasure.ts'
import { ATTACK, demoScene } from '../../setup/demoTable.ts'
import { libraryMeshes } from '../../setup/libraryMeshes.ts'
import { syntheticHand } from './syntheticHand.ts'
import { lock, models } from './straightDownCamera.ts'

const result = evaluateTable(loadScene({ ...demoScene(), queries: [ATTACK] }, findRuleSystem, ruleSystems.map((s) => s.id), { meshes: await libraryMeshes() })).results[0]!

describe('pinch measure in the verdict strip', () => {
  afterEach(() => setPinchView(null))

  it('shows the pinch between two models edge to edge with its 1σ, in mm and in inches; goes when cleared', () => {
    const g = new GestureTracker()
    g.syncSelection('b', null)
    g.update([syntheticHand('pinch', [305, 300])], 1, lock, models, 0)
    setPinchView(g.state.measure)
    // Gap: 300 mm between centres − 16 − 20 = 264 mm; σ = √(0.5² + 0.3²) = 0.583 mm.
    const mm = renderToStaticMarkup(<VerdictStrip result={result} units="mm" />)
    expect(mm).toContain('data-testid="strip-pinch"')
    expect(mm).toContain('264 mm ± 0.6 mm')
    expect(mm).toContain('a ↔ b')
    const inches = renderToStaticMarkup(<VerdictStrip result={result} units="in" />)
    expect(inches).toContain(`${(264 / 25.4).toFixed(1)}″ ± ${(Math.hypot(0.5, 0.3) / 25.4).toFixed(2)}″`)
    setPinchView(null)
    expect(renderToStaticMarkup(<VerdictStrip result={result} units="mm" />)).not.toContain('strip-pinch')
  })

  it('a fingertip-to-model pinch names the fingertip; after the hand leaves it says "last pinch"', () => {
    const g = new GestureTracker()
    g.update([syntheticHand('pinch', [160, 300])], 1, lock, models, 0)
    setPinchView(g.state.measure)
    expect(renderToStaticMarkup(<VerdictStrip result={result} units="mm" />)).toContain(`${Math.round(140 - 16)} mm ± `)
    for (let t = 33; t < 600; t += 33) g.update([], 0, lock, models, t)
    setPinchView(g.state.measure)
    expect(renderToStaticMarkup(<VerdictStrip result={result} units="mm" />)).toContain('fingertip ↔ a · last pinch')
  })

  it('without a pinch the strip has no pinch cell', () => {
    expect(renderToStaticMarkup(<VerdictStrip result={result} units="mm" />)).not.toContain('Pinch')
  })
})
