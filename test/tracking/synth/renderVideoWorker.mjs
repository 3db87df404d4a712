// The entry of a render thread (writeHandheldVideo): Node 20 carries neither the parent's TypeScript
// loader nor `--import` in execArgv into a worker thread, so the thread registers tsx itself.
import { register } from 'tsx/esm/api'

register()
await import('./renderVideoWorker.ts')
