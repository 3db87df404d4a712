// A load balancer in front of several hosts, as an operator would put one: one address for every
// client, each TCP connection forwarded to the first host that accepts it (the order given), so
// when a host dies its clients' reconnections land on the next one. Plain TCP: the websocket,
// its upgrade and the room API pass through untouched.
import { type Socket, connect, createServer } from 'node:net'

export type Backend = { host: string; port: number }
export type FailoverProxy = { port: number; url: string; wsUrl: string; /** connections forwarded, by backend port */ routed: Map<number, number>; close: () => Promise<void> }

function dial(b: Backend, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: b.host, port: b.port })
    const timer = setTimeout(() => s.destroy(new Error('connect timeout')), timeoutMs)
    s.once('connect', () => {
      clearTimeout(timer)
      resolve(s)
    })
    s.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

export async function startFailoverProxy(backends: readonly Backend[], host = '127.0.0.1'): Promise<FailoverProxy> {
  const routed = new Map<number, number>()
  const open = new Set<Socket>()
  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client)
    client.on('error', () => undefined)
    client.once('close', () => open.delete(client))
    void (async () => {
      for (const b of backends) {
        let upstream: Socket
        try {
          upstream = await dial(b, 1000)
        } catch {
          continue
        }
        if (client.destroyed) return upstream.destroy()
        routed.set(b.port, (routed.get(b.port) ?? 0) + 1)
        open.add(upstream)
        upstream.once('close', () => {
          open.delete(upstream)
          client.destroy()
        })
        upstream.on('error', () => undefined)
        client.once('close', () => upstream.destroy())
        client.pipe(upstream)
        upstream.pipe(client)
        client.resume()
        return
      }
      client.destroy() // no host took it: the client sees a failed connection and retries
    })()
  })
  await new Promise<void>((r) => server.listen(0, host, () => r()))
  const port = (server.address() as { port: number }).port
  return {
    port,
    url: `http://${host}:${port}/`,
    wsUrl: `ws://${host}:${port}/sync`,
    routed,
    close: async () => {
      for (const s of open) s.destroy()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
