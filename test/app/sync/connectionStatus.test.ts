// What the shared-table panel says about the connection (src/app/sync/connectionStatus.ts): a
// device that had its server and lost it says "reconnecting" while its provider tries again (a host
// restarted, a load balancer moving it to another host), "offline" when the browser has no network,
// and "connected" once back; a refused link stays refused.
import { describe, expect, it } from 'vitest'
import { type ProviderStatus, type SyncStatus, syncStatusOf } from '../../../src/app/sync/connectionStatus.ts'

/** The panel's words through a sequence of provider statuses (changes only), as roomSession.ts feeds it. */
function said(events: Array<ProviderStatus | 'offline' | 'online'>): SyncStatus[] {
  let current: SyncStatus = 'connecting'
  let everConnected = false
  let online = true
  let provider: ProviderStatus = 'connecting'
  const out: SyncStatus[] = [current]
  for (const e of events) {
    if (e === 'offline' || e === 'online') online = e === 'online'
    else provider = e
    everConnected ||= provider === 'connected'
    const next = syncStatusOf(provider, { current, everConnected, online })
    if (next !== current) out.push((current = next))
  }
  return out
}

describe('the room panel\'s connection status', () => {
  it('a host that dies: connected, reconnecting while the provider retries, connected again', () => {
    expect(said(['connected', 'disconnected', 'connecting', 'disconnected', 'connecting', 'connected'])).toEqual(['connecting', 'connected', 'reconnecting', 'connected'])
  })
  it('a server never reached yet is still connecting, not reconnecting', () => {
    expect(said(['disconnected', 'connecting', 'disconnected', 'connecting', 'connected'])).toEqual(['connecting', 'connected'])
  })
  it('without a network the device says offline, and reconnecting when the network is back', () => {
    expect(said(['connected', 'offline', 'disconnected', 'online', 'connecting', 'connected'])).toEqual(['connecting', 'connected', 'offline', 'reconnecting', 'connected'])
  })
  it('a refused link stays refused whatever the socket does', () => {
    expect(syncStatusOf('connected', { current: 'refused', everConnected: true, online: true })).toBe('refused')
    expect(syncStatusOf('connecting', { current: 'refused', everConnected: true, online: false })).toBe('refused')
  })
})
