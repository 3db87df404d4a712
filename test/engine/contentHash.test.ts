// The engine's synchronous SHA-256 (the game log's ruling hashes) against the FIPS 180-4 test vectors,
// node:crypto and the saved ruling's WebCrypto hash: the same result hashes the same everywhere.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson, contentHashOf, sha256Hex } from '../../src/engine/index.ts'
import { contentHash } from '../../src/app/record/canonicalJson.ts'

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'))

describe('sha256Hex (FIPS 180-4)', () => {
  it('gives the standard\'s digests of "abc", the empty string and the 448-bit message', () => {
    expect(sha256Hex(bytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex(bytes(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256Hex(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1')
  })
  it('equals node:crypto on texts of every length around the 64-byte block edges, any Unicode', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 140 }), (s) => {
      expect(sha256Hex(bytes(s))).toBe(createHash('sha256').update(s, 'utf8').digest('hex'))
    }), { numRuns: 200 })
  })
})

describe('contentHashOf', () => {
  it('is the saved ruling\'s WebCrypto content hash of the same value, whatever the key order', async () => {
    const a = { format: 'tabletop-result/1', results: [{ id: 'q1', mm: 12.5, note: 'é ✓ 𝄞' }], system: 'narrative-skirmish' }
    const b = { system: 'narrative-skirmish', results: [{ note: 'é ✓ 𝄞', mm: 12.5, id: 'q1' }], format: 'tabletop-result/1' }
    expect(contentHashOf(a)).toBe(await contentHash(a))
    expect(contentHashOf(b)).toBe(contentHashOf(a))
    expect(canonicalJson(b)).toBe('{"format":"tabletop-result/1","results":[{"id":"q1","mm":12.5,"note":"é ✓ 𝄞"}],"system":"narrative-skirmish"}')
  })
})
