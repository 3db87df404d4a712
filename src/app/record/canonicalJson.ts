// The content hash of a ruling: SHA-256 of its canonical JSON (object keys sorted, no whitespace; the
// engine's `canonicalJson`, which the game log hashes with too). Key order must not change a hash: the
// same ruling exported by two builds hashes the same.
import { canonicalJson } from '../../engine/index.ts'

export { canonicalJson }

/** "sha256:<64 hex>" of the canonical JSON of value (Web Crypto: browsers and Node ≥ 20). */
export async function contentHash(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value))
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return 'sha256:' + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
