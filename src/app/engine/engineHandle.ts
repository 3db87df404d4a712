// The app's one engine worker, created on first use (explicit, not at import time).
import { type EngineClient, createEngineClient } from './engineClient.ts'

let client: EngineClient | null = null

export function engine(): EngineClient {
  client ??= createEngineClient()
  return client
}
