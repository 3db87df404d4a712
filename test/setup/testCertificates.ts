// Throwaway certificates for https tests: a certificate authority and server certificates it signs
// (selfsigned, no network), and the SPKI hash Chromium's --ignore-certificate-errors-spki-list takes
// to trust a certificate as a device that installed the authority would.
import { X509Certificate, createHash } from 'node:crypto'
import { isIP } from 'node:net'
import { generate } from 'selfsigned'

export type Pem = { key: string; cert: string }

export async function makeTestAuthority(name = 'Tabletop AR test authority'): Promise<Pem> {
  const now = new Date()
  const p = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 3600_000),
    notAfterDate: new Date(now.getTime() + 30 * 24 * 3600_000),
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true }],
  })
  return { key: p.private, cert: p.cert }
}

/** A server certificate for `hosts`, signed by `authority`; `validDays` < 0 makes one already expired. */
export async function makeServerCertificate(authority: Pem, hosts: readonly string[], validDays = 30): Promise<Pem> {
  const now = Date.now()
  const from = validDays < 0 ? new Date(now + (validDays - 2) * 24 * 3600_000) : new Date(now - 3600_000)
  const to = new Date(now + validDays * 24 * 3600_000)
  const p = await generate([{ name: 'commonName', value: hosts[0] ?? 'server' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: from,
    notAfterDate: to,
    ca: authority,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hosts.map((h) => (isIP(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h })) },
    ],
  })
  return { key: p.private, cert: p.cert }
}

/** base64(SHA-256(SubjectPublicKeyInfo)) of a certificate: what --ignore-certificate-errors-spki-list lists. */
export function spkiHash(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(spki).digest('base64')
}
