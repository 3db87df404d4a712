// A room link another device can open (issue 24): one naming this machine itself (loopback, the
// unspecified address) cannot be; the joining page keeps its own address.
import { describe, expect, it } from 'vitest'
import { linkReach, onThisOrigin } from '../../../src/app/sync/linkReach.ts'

describe('room links', () => {
  it('loopback and unspecified addresses reach no other device; LAN addresses and names do', () => {
    for (const link of ['http://127.0.0.1:5173/?room=abc#key=k', 'https://127.1.2.3/', 'http://localhost:5173/', 'http://[::1]:5173/', 'http://0.0.0.0:5173/', 'http://app.localhost/']) {
      expect(linkReach(link).reachable, link).toBe(false)
    }
    expect(linkReach('http://127.0.0.1:5173/?room=abc')).toEqual({ reachable: false, host: '127.0.0.1' })
    for (const link of ['http://192.168.1.20:5173/?room=abc#key=k', 'https://10.0.0.7/', 'https://tabletop.lan:8443/', 'http://[fd00::2]:5173/']) {
      expect(linkReach(link).reachable, link).toBe(true)
    }
  })

  it('the same room and key on this page\'s origin', () => {
    expect(onThisOrigin('http://192.168.1.20:5173/?room=abcdefabcdef#key=secret', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/?room=abcdefabcdef#key=secret')
  })
})
