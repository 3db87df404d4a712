// What the shared-table panel says about the connection, from what the Hocuspocus provider reports
// (its websocket: connecting, connected, disconnected) and what the browser knows. A device that was
// connected and lost its server (a host restarted, a load balancer moving it to another host) says
// "reconnecting" while its provider tries again, then "connected"; a device without a network says
// "offline". Pure: the app and the Node fault tests read the same words.
export type SyncStatus = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'refused'
export type ProviderStatus = 'connecting' | 'connected' | 'disconnected'

export function syncStatusOf(provider: ProviderStatus, o: { current: SyncStatus; everConnected: boolean; online: boolean }): SyncStatus {
  if (o.current === 'refused') return 'refused'
  if (provider === 'connected') return 'connected'
  if (!o.online) return 'offline'
  return o.everConnected ? 'reconnecting' : 'connecting'
}
