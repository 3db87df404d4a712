// Labels point to their model (issue 31): the screen-space label layout (scene/labelLayout.ts) puts
// each label on a free spot around its anchor; a label pushed off its anchor gets a leader line from
// the anchor to the nearest point of its box, and one next to its anchor does not. A real three.js
// camera and sprites, hand-computed screen geometry: a 800×600 canvas looking straight down at the
// anchor (0, 0, 0), which lands at the canvas centre (400, 300); label boxes 26 px tall.
import { describe, expect, it } from 'vitest'
import { Group, PerspectiveCamera, Sprite } from 'three'
import { LABEL_BOX_PX, LEADER_MIN_PX, layoutLabels, leaderPositions, leaderSegments, placedLabels, registerLabel } from '../../src/app/scene/labelLayout.ts'

describe('leader lines', () => {
  it('four labels on one model: the two next to it need no leader, the two pushed further away point back to it', () => {
    const camera = new PerspectiveCamera(50, 800 / 600, 1, 5000)
    camera.position.set(0, 0, 1000)
    camera.lookAt(0, 0, 0)
    camera.updateProjectionMatrix()
    const group = new Group()
    const unregister = ['first', 'second', 'third', 'fourth'].map((text, i) => {
      const sprite = new Sprite()
      group.add(sprite)
      // Aspect 2: boxes 52 × 26 px; priorities in order.
      return registerLabel({ sprite, aspect: 2, priority: 100 - i, text, kind: 'model' })
    })
    try {
      layoutLabels(camera, 800, 600)
      const labels = placedLabels()
      const by = (t: string) => labels.find((l) => l.text === t)!
      for (const l of labels) {
        expect(l.anchorX).toBeCloseTo(400, 6)
        expect(l.anchorY).toBeCloseTo(300, 6)
      }
      // Above: box centre 0.8 boxes up, its lower edge 0.3 × 26 = 7.8 px over the anchor: no leader.
      expect(by('first').y + by('first').height).toBeCloseTo(300 - 0.3 * LABEL_BOX_PX, 6)
      expect(by('first').leader).toBe(false)
      expect(by('second').leader).toBe(false)
      // The third cannot sit beside (its box would overlap the first's): it goes 1.9 boxes up, its
      // lower edge 1.4 × 26 = 36.4 px over the anchor, and a leader joins them; so for the fourth below.
      expect(by('third').y + by('third').height).toBeCloseTo(300 - 1.4 * LABEL_BOX_PX, 6)
      expect(by('third').leader).toBe(true)
      expect(by('fourth').leader).toBe(true)
      expect(1.4 * LABEL_BOX_PX).toBeGreaterThan(LEADER_MIN_PX)
      expect(leaderSegments()).toBe(2)
      // The first leader, in normalised device coordinates: from the anchor (0, 0) straight up to the box.
      const round = (v: number) => Math.round(v * 1e6) / 1e6
      expect(Array.from(leaderPositions.subarray(0, 6)).map(round)).toEqual([0, 0, 0, 0, round(1.4 * LABEL_BOX_PX / 300), 0])
    } finally {
      unregister.forEach((u) => u())
    }
  })
})
