// The bench's worker pool for the visibility matrix (Node worker_threads; the app would use Web
// Workers the same way). Each worker loads the scene itself (parse, prepare, BVH) and computes the
// pairs of the viewers it was dealt (splitViewers), each with its sight block; the main thread puts the shares
// back in viewer order (mergeShares) and finishes the result as runQuery does. The pool's figure
// is wall time (the point of a pool) with the CPU time of all threads beside it.
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { loadScene, matrixViewers, mergeShares, splitViewers, visibilityPairs, visibilityResult, type MatrixPair, type Scene, type VisibilityResult } from '../../src/engine/index.ts'
import { findRuleSystem, ruleSystems } from '../../src/systems/index.ts'

const known = ruleSystems.map((s) => s.id)
type Job = { id: number; scene: Scene; viewers: string[] }
type Done = { id: number; pairs: MatrixPair[] }

if (!isMainThread && parentPort) {
  const port = parentPort
  port.on('message', (job: Job) => {
    const table = loadScene(job.scene, findRuleSystem, known)
    const pairs = visibilityPairs(table, job.viewers.map((id) => table.model(id)))
    port.postMessage({ id: job.id, pairs } satisfies Done)
  })
}

export class MatrixPool {
  private workers: Worker[]
  private next = 1
  private waiting = new Map<number, (pairs: MatrixPair[]) => void>()

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => {
      // A TypeScript worker: register tsx's loader in the thread, then load this file.
      const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}) })`
      const w = new Worker(boot, { eval: true })
      w.on('message', (d: Done) => {
        this.waiting.get(d.id)?.(d.pairs)
        this.waiting.delete(d.id)
      })
      return w
    })
  }

  /** The visibility matrix of the scene, computed across the pool: the same result as runQuery's. */
  async matrix(scene: Scene): Promise<VisibilityResult> {
    // The main thread needs the viewers' order and the system (not the BVH): a table without sampling.
    const table = loadScene(scene, findRuleSystem, known)
    const viewers = matrixViewers(table)
    const shares = splitViewers(viewers, this.workers.length)
    const parts = await Promise.all(shares.map((ids, j) => new Promise<MatrixPair[]>((resolve) => {
      const id = this.next++
      this.waiting.set(id, resolve)
      this.workers[j]!.postMessage({ id, scene, viewers: ids } satisfies Job)
    })))
    return visibilityResult(table, mergeShares(viewers, parts))
  }

  /** Every worker once (JIT warm-up). */
  async warm(scene: Scene): Promise<void> {
    for (let i = 0; i < 3; i++) await this.matrix(scene)
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}
