// `--https`: the server's certificate. Camera and WebXR need a secure context on a LAN tablet, and
// the offline app (the service worker) needs a certificate the device trusts: a page clicked
// through a certificate warning works, but the browser never installs its service worker. In order:
//  1. `--cert FILE --key FILE`: the player's own (e.g. made by mkcert, or by their own CA), checked:
//     the key must match the certificate, it must be in date, and the addresses it does not cover
//     are named.
//  2. mkcert on PATH (https://github.com/FiloSottile/mkcert; `mkcert -install` once on this machine,
//     and its rootCA.pem trusted on each device): a certificate from mkcert's local authority for
//     every address, kept in the data folder and remade when the addresses change.
//  3. Otherwise a self-signed certificate made here (selfsigned, no network), kept in the data
//     folder so a tablet that accepted it once keeps accepting it; remade when the LAN addresses
//     change or it is within a week of expiry. Devices do not trust it (the app says so).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { isIP } from 'node:net'
import { generate } from 'selfsigned'

const isIp = (h: string) => isIP(h) !== 0
const WEEK_MS = 7 * 24 * 3600 * 1000

export type Certificate = {
  key: string
  cert: string
  fingerprint256: string
  /** Where it came from, for the start-up line: given files, mkcert, or made here. */
  source: 'given' | 'mkcert' | 'self-signed'
  /** Addresses the server answers on that the certificate does not name (a browser refuses them). */
  uncovered: string[]
  /** Where a device finds the authority to trust (mkcert's rootCA.pem), when known. */
  authority: string | null
}

export class CertificateError extends Error {}

const uncoveredBy = (x: X509Certificate, hosts: readonly string[]) => hosts.filter((h) => (isIp(h) ? x.checkIP(h) : x.checkHost(h)) === undefined)

/** `--cert/--key`: the player's certificate and key (PEM), checked. Throws CertificateError saying what and where. */
export function givenCertificate(certPath: string, keyPath: string, hosts: readonly string[]): Certificate {
  const read = (path: string, what: string) => {
    try {
      return readFileSync(path, 'utf8')
    } catch (e) {
      throw new CertificateError(`${what} ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
    }
  }
  const cert = read(certPath, '--cert')
  const key = read(keyPath, '--key')
  let x: X509Certificate
  try {
    x = new X509Certificate(cert)
  } catch {
    throw new CertificateError(`--cert ${certPath} is not a PEM certificate`)
  }
  let privateKey: ReturnType<typeof createPrivateKey>
  try {
    privateKey = createPrivateKey(key)
  } catch {
    throw new CertificateError(`--key ${keyPath} is not a PEM private key (an encrypted key is not supported)`)
  }
  if (!x.checkPrivateKey(privateKey)) throw new CertificateError(`--key ${keyPath} is not the key of --cert ${certPath}`)
  const now = Date.now()
  if (Date.parse(x.validTo) < now) throw new CertificateError(`--cert ${certPath} expired on ${x.validTo}`)
  if (Date.parse(x.validFrom) > now) throw new CertificateError(`--cert ${certPath} is not valid before ${x.validFrom}`)
  return { key, cert, fingerprint256: x.fingerprint256, source: 'given', uncovered: uncoveredBy(x, hosts), authority: null }
}

/** mkcert's certificate authority folder, or null when mkcert is not installed. */
export function mkcertAuthority(): string | null {
  const r = spawnSync('mkcert', ['-CAROOT'], { encoding: 'utf8', timeout: 10_000 })
  if (r.error || r.status !== 0) return null
  const root = r.stdout.trim()
  return root && existsSync(join(root, 'rootCA.pem')) ? root : null
}

/** A certificate from mkcert's local authority for every address (kept; remade when one is not covered), or null without mkcert. */
export function mkcertCertificate(dataDir: string, hosts: readonly string[]): Certificate | null {
  const root = mkcertAuthority()
  if (!root) return null
  const dir = join(dataDir, 'https')
  const certPath = join(dir, 'mkcert-cert.pem')
  const keyPath = join(dir, 'mkcert-key.pem')
  const authority = join(root, 'rootCA.pem')
  if (existsSync(certPath) && existsSync(keyPath)) {
    const kept = givenCertificate(certPath, keyPath, hosts)
    if (kept.uncovered.length === 0 && Date.parse(new X509Certificate(kept.cert).validTo) - Date.now() > WEEK_MS) return { ...kept, source: 'mkcert', authority }
  }
  mkdirSync(dir, { recursive: true })
  const r = spawnSync('mkcert', ['-cert-file', certPath, '-key-file', keyPath, ...hosts], { encoding: 'utf8', timeout: 60_000 })
  if (r.error || r.status !== 0) return null
  return { ...givenCertificate(certPath, keyPath, hosts), source: 'mkcert', authority }
}

/** The self-signed certificate made on this machine (kept in the data folder). */
export async function localCertificate(dataDir: string, hosts: readonly string[]): Promise<Certificate> {
  const dir = join(dataDir, 'https')
  const keyPath = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  if (existsSync(keyPath) && existsSync(certPath)) {
    const cert = readFileSync(certPath, 'utf8')
    const x = new X509Certificate(cert)
    if (uncoveredBy(x, hosts).length === 0 && Date.parse(x.validTo) - Date.now() > WEEK_MS) return { key: readFileSync(keyPath, 'utf8'), cert, fingerprint256: x.fingerprint256, source: 'self-signed', uncovered: [], authority: null }
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
  return { key: pems.private, cert: pems.cert, fingerprint256: new X509Certificate(pems.cert).fingerprint256, source: 'self-signed', uncovered: [], authority: null }
}

/** The certificate `--https` serves: the given files, else mkcert's, else a self-signed one. */
export async function serverCertificate(opts: { dataDir: string; hosts: readonly string[]; certPath?: string | null; keyPath?: string | null }): Promise<Certificate> {
  if (opts.certPath || opts.keyPath) {
    if (!opts.certPath || !opts.keyPath) throw new CertificateError('--cert and --key go together: give both files (PEM)')
    return givenCertificate(opts.certPath, opts.keyPath, opts.hosts)
  }
  return mkcertCertificate(opts.dataDir, opts.hosts) ?? (await localCertificate(opts.dataDir, opts.hosts))
}

/** The start-up line about the certificate: what it is, and what a device must do to trust it. */
export function certificateLine(c: Certificate): string {
  const missing = c.uncovered.length ? `; it does not name ${c.uncovered.join(', ')}: a browser opening those addresses refuses it` : ''
  if (c.source === 'given') return `certificate: your files (SHA-256 ${c.fingerprint256})${missing}; each device must trust the authority that signed it`
  if (c.source === 'mkcert') return `certificate: from mkcert's local authority (SHA-256 ${c.fingerprint256}); trust ${c.authority ?? 'its rootCA.pem'} once on each device (Android: Settings › Security › Install a certificate; iOS: install the profile, then trust it in About › Certificate Trust Settings)`
  return `certificate: self-signed, made on this machine (SHA-256 ${c.fingerprint256}); devices do not trust it: the camera works after accepting the warning, but the app is not kept for offline use. For a trusted one: install mkcert and run "mkcert -install" (then trust its rootCA.pem on each device), or pass --cert FILE --key FILE`
}
