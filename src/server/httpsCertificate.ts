// `--https`: a self-signed certificate made on this machine (selfsigned, no network), kept in the
// data folder so a tablet that accepted it once keeps accepting it; remade when the LAN addresses
// change or it is within a week of expiry. Camera and WebXR need a secure context on a LAN tablet.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import { generate } from 'selfsigned'

const isIp = (h: string) => isIP(h) !== 0

export type Certificate = { key: string; cert: string; fingerprint256: string }

export async function localCertificate(dataDir: string, hosts: readonly string[]): Promise<Certificate> {
  const dir = join(dataDir, 'https')
  const keyPath = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  if (existsSync(keyPath) && existsSync(certPath)) {
    const cert = readFileSync(certPath, 'utf8')
    const x = new X509Certificate(cert)
    const coversAll = hosts.every((h) => (isIp(h) ? x.checkIP(h) : x.checkHost(h)) !== undefined)
    if (coversAll && Date.parse(x.validTo) - Date.now() > 7 * 24 * 3600 * 1000) return { key: readFileSync(keyPath, 'utf8'), cert, fingerprint256: x.fingerprint256 }
  }
  const now = new Date()
  const pems = await generate([{ name: 'commonName', value: 'Tabletop AR (local)' }], {
    keyType: 'ec',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hosts.map((h) => (isIp(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h })) },
    ],
  })
  mkdirSync(dir, { recursive: true })
  writeFileSync(keyPath, pems.private, { mode: 0o600 })
  writeFileSync(certPath, pems.cert)
  return { key: pems.private, cert: pems.cert, fingerprint256: new X509Certificate(pems.cert).fingerprint256 }
}
