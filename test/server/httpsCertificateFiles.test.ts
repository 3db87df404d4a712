// `--https` with a trusted certificate (issue 24): the player's own files (--cert/--key) are checked
// (the key is the certificate's, it is in date, the addresses it does not name are said), mkcert is
// used when it is installed (Debian's mkcert, with its authority in a throwaway CAROOT), and without
// either the certificate is made here; the start-up line says what a device must do to trust it.
// Also: the LAN addresses links name, best first.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { X509Certificate } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CertificateError, certificateLine, givenCertificate, mkcertAuthority, serverCertificate } from '../../src/server/httpsCertificate.ts'
import { lanAddresses } from '../../src/server/lanAddresses.ts'
import { parseStartArgs } from '../../src/server/main.ts'
import { type Pem, makeServerCertificate, makeTestAuthority } from '../setup/testCertificates.ts'

const dir = mkdtempSync(join(tmpdir(), 'tabletop-certs-'))
let authority: Pem
const haveMkcert = existsSync('/usr/bin/mkcert')
if (!haveMkcert) console.warn('test/server/httpsCertificateFiles.test.ts: Debian mkcert is missing (apt-get install -y mkcert); the mkcert case is skipped')
const write = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}

beforeAll(async () => {
  authority = await makeTestAuthority()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('--cert/--key: the player\'s own certificate', () => {
  it('is served as given, and the addresses it does not name are said', async () => {
    const leaf = await makeServerCertificate(authority, ['tabletop.lan', '127.0.0.1'])
    const c = givenCertificate(write('a.pem', leaf.cert), write('a.key', leaf.key), ['localhost', '127.0.0.1', 'tabletop.lan', '192.168.1.20'])
    expect(c.source).toBe('given')
    expect(c.cert).toBe(leaf.cert)
    expect(c.fingerprint256).toBe(new X509Certificate(leaf.cert).fingerprint256)
    expect(c.uncovered).toEqual(['localhost', '192.168.1.20'])
    expect(certificateLine(c)).toContain('it does not name localhost, 192.168.1.20')
  })

  it('refuses a key that is not the certificate\'s, a file that is not PEM, an expired certificate, and one file of the two', async () => {
    const a = await makeServerCertificate(authority, ['127.0.0.1'])
    const b = await makeServerCertificate(authority, ['127.0.0.1'])
    const expired = await makeServerCertificate(authority, ['127.0.0.1'], -1)
    const certA = write('ka.pem', a.cert)
    expect(() => givenCertificate(certA, write('kb.key', b.key), [])).toThrow(/--key .*kb\.key is not the key of --cert .*ka\.pem/)
    expect(() => givenCertificate(write('junk.pem', 'hello'), write('ka.key', a.key), [])).toThrow(/junk\.pem is not a PEM certificate/)
    expect(() => givenCertificate(certA, write('junk.key', 'hello'), [])).toThrow(/junk\.key is not a PEM private key/)
    expect(() => givenCertificate(join(dir, 'missing.pem'), write('ka2.key', a.key), [])).toThrow(/missing\.pem cannot be read \(ENOENT\)/)
    expect(() => givenCertificate(write('old.pem', expired.cert), write('old.key', expired.key), [])).toThrow(/old\.pem expired on/)
    await expect(serverCertificate({ dataDir: dir, hosts: [], certPath: certA })).rejects.toThrow(CertificateError)
  })

  it('start options: --cert and --key imply --https and go together', () => {
    expect(parseStartArgs(['--cert', 'c.pem', '--key', 'k.pem'], {})).toMatchObject({ https: true, certPath: join(process.cwd(), 'c.pem'), keyPath: join(process.cwd(), 'k.pem') })
    expect(() => parseStartArgs(['--cert', 'c.pem'], {})).toThrow('--cert and --key go together')
  })
})

describe('mkcert, when installed', () => {
  const bin = mkdtempSync(join(tmpdir(), 'tabletop-mkcert-'))
  const caRoot = mkdtempSync(join(tmpdir(), 'tabletop-caroot-'))
  const path = process.env.PATH
  const caRootBefore = process.env.CAROOT
  afterAll(() => {
    process.env.PATH = path
    if (caRootBefore === undefined) delete process.env.CAROOT
    else process.env.CAROOT = caRootBefore
    rmSync(bin, { recursive: true, force: true })
    rmSync(caRoot, { recursive: true, force: true })
  })

  it('without mkcert on PATH: the certificate is made here, and the line says how to get a trusted one', async () => {
    process.env.PATH = bin // nothing in it yet
    expect(mkcertAuthority()).toBeNull()
    const c = await serverCertificate({ dataDir: join(dir, 'data-plain'), hosts: ['127.0.0.1'] })
    expect(c.source).toBe('self-signed')
    expect(certificateLine(c)).toMatch(/devices do not trust it.*mkcert -install.*--cert FILE --key FILE/)
  })

  it.skipIf(!haveMkcert)('with mkcert: its certificate for every address, kept while it covers them, and the authority to trust is named', async () => {
    // Debian's mkcert, with its local authority in a folder of the test's own (CAROOT): made on first use.
    process.env.PATH = path
    process.env.CAROOT = caRoot
    expect(mkcertAuthority(), 'no local authority yet (mkcert never run): not used').toBeNull()
    // The player's first mkcert run makes its local authority (as `mkcert -install` does, without touching this machine's trust store).
    execFileSync('mkcert', ['-cert-file', join(caRoot, 'first.pem'), '-key-file', join(caRoot, 'first-key.pem'), 'localhost'], { stdio: 'ignore' })
    expect(mkcertAuthority()).toBe(caRoot)
    const data = join(dir, 'data-mkcert')
    const c = await serverCertificate({ dataDir: data, hosts: ['localhost', '127.0.0.1', '192.168.1.20'] })
    expect(c.source).toBe('mkcert')
    expect(c.uncovered).toEqual([])
    expect(new X509Certificate(c.cert).verify(new X509Certificate(readFileSync(join(caRoot, 'rootCA.pem'), 'utf8')).publicKey)).toBe(true)
    expect(certificateLine(c)).toContain(join(caRoot, 'rootCA.pem'))
    // Kept while it covers the addresses; made again for a new one.
    expect((await serverCertificate({ dataDir: data, hosts: ['127.0.0.1'] })).fingerprint256).toBe(c.fingerprint256)
    const again = await serverCertificate({ dataDir: data, hosts: ['127.0.0.1', '10.0.0.7'] })
    expect(again.fingerprint256).not.toBe(c.fingerprint256)
    expect(new X509Certificate(again.cert).checkIP('10.0.0.7')).toBe('10.0.0.7')
    expect(readFileSync(join(data, 'https', 'mkcert-cert.pem'), 'utf8')).toBe(again.cert)
  })
})

describe('LAN addresses, best first', () => {
  it('home network ranges first, virtual interfaces last, link-local and loopback never', () => {
    const nic = (address: string, internal = false) => ({ address, family: 'IPv4' as const, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: `${address}/24` })
    expect(lanAddresses({
      lo: [nic('127.0.0.1', true)],
      docker0: [nic('172.17.0.1')],
      eth1: [nic('203.0.113.5')],
      wlan0: [nic('192.168.1.20')],
      eth0: [nic('10.0.0.7'), nic('169.254.3.3')],
    })).toEqual(['192.168.1.20', '10.0.0.7', '203.0.113.5', '172.17.0.1'])
  })
})
