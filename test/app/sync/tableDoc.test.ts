// The room's Yjs document: a scene round-trips exactly (order kept, so eval sees the same table);
// a move is one changed key; two devices moving two models offline merge to both moves; the same
// ruling from two devices is one record entry (keyed by content hash); room links parse.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { ruleSystems } from '../../../src/systems/index.ts'
import type { Scene } from '../../../src/engine/index.ts'
import { addSharedRuling, readScene, sceneMaps, sharedRulings, writeScene } from '../../../src/app/sync/tableDoc.ts'
import { roomLinkFromLocation } from '../../../src/app/sync/roomSession.ts'

const demo = (i = 0) => structuredClone(ruleSystems[i]!.demoScene) as Scene
const exchange = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)))
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)))
}

describe('the table as a Yjs document', () => {
  it('every demo scene round-trips exactly', () => {
    for (let i = 0; i < ruleSystems.length; i++) {
      const doc = new Y.Doc()
      writeScene(doc, demo(i))
      expect(readScene(doc)).toEqual(demo(i))
    }
  })

  it('a move changes one model key, and editing what readScene returned does not touch the document', () => {
    const doc = new Y.Doc()
    writeScene(doc, demo())
    const seen: string[] = []
    sceneMaps(doc).models.observe((e) => seen.push(...e.keysChanged))
    const s = readScene(doc)!
    s.models[1]!.position = [1, 2]
    expect(readScene(doc)!.models[1]!.position).not.toEqual([1, 2])
    writeScene(doc, s)
    expect(seen).toEqual([s.models[1]!.id])
    expect(readScene(doc)!.models[1]!.position).toEqual([1, 2])
  })

  it('two devices moving two models while apart merge to both moves', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    writeScene(a, demo())
    exchange(a, b)
    const sa = readScene(a)!
    sa.models[0]!.position = [10, 10]
    writeScene(a, sa)
    const sb = readScene(b)!
    sb.models[1]!.position = [20, 20]
    writeScene(b, sb)
    exchange(a, b)
    expect(readScene(a)).toEqual(readScene(b))
    expect(readScene(a)!.models[0]!.position).toEqual([10, 10])
    expect(readScene(a)!.models[1]!.position).toEqual([20, 20])
  })

  it('the same ruling from two devices is one entry', () => {
    const a = new Y.Doc()
    const b = new Y.Doc()
    const ruling = { contentHash: `sha256:${'0'.repeat(64)}`, summary: 'x' }
    addSharedRuling(a, ruling)
    addSharedRuling(b, ruling)
    exchange(a, b)
    expect(sharedRulings(a)).toEqual([ruling])
    expect(sharedRulings(b)).toEqual([ruling])
  })

  it('reads a room link from the address, and nothing from an address without one', () => {
    expect(roomLinkFromLocation({ search: '?room=abcdefghijkl12', hash: '#key=K_y-1' })).toEqual({ roomId: 'abcdefghijkl12', key: 'K_y-1' })
    expect(roomLinkFromLocation({ search: '', hash: '' })).toBeNull()
    expect(roomLinkFromLocation({ search: '?room=../etc', hash: '#key=x' })).toBeNull()
    expect(roomLinkFromLocation({ search: '?room=abcdefghijkl12', hash: '' })).toBeNull()
  })
})
