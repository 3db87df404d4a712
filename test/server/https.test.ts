// `npm start -- --https`: a certificate made on this machine (no network) for the addresses the
// server is reached by, kept and reused across restarts, served over TLS; and the start options
// refuse what they do not understand with one line.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:tls'
import { X509Certificate } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { localCertificate } from '../../src/server/httpsCertificate.ts'
import { parseStartArgs } from '../../src/server/main.ts'
import { startTabletopServer } from '../setup/tabletopServer.ts'

describe('https with a local certificate', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabletop-https-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('covers localhost, 127.0.0.1 and the LAN address, and is reused while it still fits', async () => {
    const first = await localCertificate(dataDir, ['localhost', '127.0.0.1', '192.168.1.20'])
    const x = new X509Certificate(first.cert)
    expect(x.checkHost('localhost')).toBe('localhost')
    expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(x.checkIP('192.168.1.20')).toBe('192.168.1.20')
    expect(Date.parse(x.validTo) - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000)
    expect((await localCertificate(dataDir, ['localhost', '127.0.0.1'])).fingerprint256).toBe(first.fingerprint256)
    // A new LAN address the certificate does not name: a new certificate.
    expect((await localCertificate(dataDir, ['127.0.0.1', '10.0.0.7'])).fingerprint256).not.toBe(first.fingerprint256)
  })

  it('serves TLS with that certificate', async () => {
    const tls = await localCertificate(dataDir, ['127.0.0.1'])
    const server = await startTabletopServer({ distDir: null, dataDir, tls })
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/)
      expect(server.wsUrl).toMatch(/^wss:/)
      const fingerprint = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: server.port, ca: tls.cert, servername: undefined }, () => {
          resolve(socket.getPeerX509Certificate()!.fingerprint256)
          socket.end()
        })
        socket.once('error', reject)
      })
      expect(fingerprint).toBe(tls.fingerprint256)
    } finally {
      await server.close()
    }
  })

  it('start options: known ones parsed, unknown ones refused', () => {
    expect(parseStartArgs(['--https', '--port', '8443'], {})).toMatchObject({ https: true, port: 8443, app: true })
    expect(parseStartArgs([], { PORT: '6000' }).port).toBe(6000)
    expect(() => parseStartArgs(['--port', 'x'], {})).toThrow('--port: NaN is not a port number')
    expect(() => parseStartArgs(['--htps'], {})).toThrow('unknown option --htps')
    expect(() => parseStartArgs(['--instance', '../a'], {})).toThrow('--instance')
    expect(parseStartArgs(['--store-wait', '5'], {}).storeWaitMs).toBe(5000)
    expect(parseStartArgs([], {}).storeWaitMs).toBe(30_000)
    expect(() => parseStartArgs(['--store-wait', '0.1'], {})).toThrow('--store-wait: give seconds between 1 and 3600 (got 0.1)')
    expect(() => parseStartArgs([], { DATABASE_URL: 'mysql://x@y/z' })).toThrow('DATABASE_URL: "mysql:" is not postgres: (expected postgres://user:password@host:5432/database)')
    expect(() => parseStartArgs([], { DATABASE_URL: 'not a url' })).toThrow('DATABASE_URL is not a URL')
    expect(() => parseStartArgs([], { REDIS_URL: 'http://x' })).toThrow('REDIS_URL: "http:" is not redis:')
  })
})
