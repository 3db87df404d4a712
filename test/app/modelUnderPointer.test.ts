// A grab in a tight group: the pointer's ray crosses the hit volume of a model in front before the
// model it points at; the model meant is the one whose axis the ray passes closest to (hand-placed
// geometry: models 40 mm apart, the ray aimed at one's axis 20 mm above the table).
import { describe, expect, it } from 'vitest'
import { Group, Object3D, Ray, Vector3 } from 'three'
import { modelIdOf, modelUnderPointer } from '../../src/app/scene/modelUnderPointer.ts'

function model(id: string): Object3D {
  const g = new Group()
  g.name = `model:${id}`
  const volume = new Object3D()
  g.add(volume)
  return volume
}

// 40 mm tall models on the table (hit volumes at least 30 mm wide).
const positions: Record<string, [number, number]> = { front: [0, 60], behind: [0, 100], side: [35, 100] }
const positionOf = (id: string) => (positions[id] ? { position: positions[id], height: 40 } : null)

/** A ray from a camera 500 mm back and 500 mm up, towards a point on a model's axis 20 mm up. */
function rayAt(x: number, y: number, frame: Object3D): Ray {
  const origin = new Vector3(0, -500, 500).applyMatrix4(frame.matrixWorld)
  const target = new Vector3(x, y, 20).applyMatrix4(frame.matrixWorld)
  return new Ray(origin, target.sub(origin).normalize())
}

describe('the model under the pointer', () => {
  const frame = new Object3D()
  const front = model('front')
  const behind = model('behind')
  const side = model('side')

  it('names the model behind when the ray aims at its axis through the front one\'s volume', () => {
    expect(modelUnderPointer(rayAt(0, 100, frame), [{ object: front }, { object: behind }], frame, positionOf)).toBe('behind')
    expect(modelUnderPointer(rayAt(0, 60, frame), [{ object: front }, { object: behind }], frame, positionOf)).toBe('front')
    expect(modelUnderPointer(rayAt(33, 100, frame), [{ object: behind }, { object: side }], frame, positionOf)).toBe('side')
  })

  it('works in the table frame when the table is moved and turned in the world (a tracked table)', () => {
    const tracked = new Object3D()
    tracked.position.set(300, -200, 40)
    tracked.rotation.set(0.2, -0.1, 1.1)
    tracked.updateMatrixWorld(true)
    expect(modelUnderPointer(rayAt(0, 100, tracked), [{ object: front }, { object: behind }], tracked, positionOf)).toBe('behind')
    expect(modelUnderPointer(rayAt(0, 60, tracked), [{ object: front }, { object: behind }], tracked, positionOf)).toBe('front')
  })

  it('leaves one model hit (or none) to the nearest hit', () => {
    expect(modelUnderPointer(rayAt(0, 100, frame), [{ object: behind }], frame, positionOf)).toBeNull()
    expect(modelUnderPointer(rayAt(0, 100, frame), [{ object: new Object3D() }], frame, positionOf)).toBeNull()
    expect(modelIdOf(behind)).toBe('behind')
    expect(modelIdOf(new Object3D())).toBeNull()
  })
})
