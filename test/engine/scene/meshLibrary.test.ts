// Terrain meshes (tabletop-mesh/1) → the engine's mesh library: what is accepted, and a clear error
// (file and field) for what is not.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMeshLibrary } from '../../../src/engine/index.ts'
import { sceneIssuesOf } from '../sceneIssues.ts'

const arch = JSON.parse(readFileSync(join(import.meta.dirname, '../../../models/ruined-arch.json'), 'utf8'))
const tetra = { format: 'tabletop-mesh/1', positions: [0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10], indices: [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3] }

const issuesOf = (files: Record<string, unknown>): string[] => sceneIssuesOf(() => parseMeshLibrary(files))

describe('parseMeshLibrary', () => {
  it('knows each mesh by file name and by name without .json; skips other formats', () => {
    const lib = parseMeshLibrary({ 'ruined-arch.json': arch, 'tetra.json': tetra, 'README.json': { format: 'something-else' } })
    expect(Object.keys(lib).sort()).toEqual(['ruined-arch', 'ruined-arch.json', 'tetra', 'tetra.json'])
    expect(lib['tetra']!.indices).toHaveLength(12)
  })

  it('names the file and the field of a bad mesh', () => {
    expect(issuesOf({ 'bad.json': { ...tetra, positions: [0, 0] } })[0]).toMatch(/^bad\.json: positions: expected x,y,z triples/)
    expect(issuesOf({ 'bad.json': { ...tetra, indices: [0, 1, 9, 0, 1, 2, 0, 1, 2, 0, 1, 2] } })).toEqual(['bad.json: indices: an index is ≥ the vertex count 4'])
    expect(issuesOf({ 'bad.json': { ...tetra, colour: 'red' } })[0]).toMatch(/^bad\.json: /)
  })
})
