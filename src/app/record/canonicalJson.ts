// Canonical JSON (object keys sorted, no whitespace) and its SHA-256: the content hash of a ruling.
// Key order must not change a hash: the same ruling exported by two builds hashes the same.

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v && typeof v === 'object') {
    // No prototype: a "__proto__" key (JSON.parse makes it an own property) stays a plain key
    // instead of setting the prototype and silently dropping out of the hashed text.
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k]
      if (x !== undefined) out[k] = sortKeys(x)
    }
    return out
  }
  return v
}

/** "sha256:<64 hex>" of the canonical JSON of value (Web Crypto: browsers and Node ≥ 20). */
export async function contentHash(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value))
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return 'sha256:' + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
