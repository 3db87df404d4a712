// Requests to a Web Worker by id, one promise each, every one answered (the engine worker, the game
// worker): a worker that crashes, or does not answer within `answerMs`, is ended, every open request
// is answered with a failure saying so, and the next request starts a fresh worker.

type Pending<R> = { done: (reply: R) => void; fail: (message: string) => R; timer: ReturnType<typeof setTimeout> }

export type WorkerRequests<R> = {
  /** Post the request `make` builds for a fresh id; `fail` is its answer when the worker fails it. */
  send: (make: (requestId: number) => unknown, fail: (requestId: number, message: string) => R) => Promise<R>
  /** End the worker: open requests fail with `message`. */
  dispose: (message: string) => void
}

export function createWorkerRequests<R extends { requestId: number }>(start: () => Worker, o: { answerMs: number; crashed: (message: string) => string; stuck: string }): WorkerRequests<R> {
  let worker: Worker | null = null
  const pending = new Map<number, Pending<R>>()
  let nextId = 1
  const failAll = (message: string) => {
    const open = [...pending.values()]
    pending.clear()
    for (const p of open) {
      clearTimeout(p.timer)
      p.done(p.fail(message))
    }
  }
  const restart = (message: string) => {
    worker?.terminate()
    worker = null
    failAll(message)
  }
  const boot = (): Worker => {
    const w = start()
    w.onmessage = (event: MessageEvent<R>) => {
      const p = pending.get(event.data.requestId)
      if (!p) return
      pending.delete(event.data.requestId)
      clearTimeout(p.timer)
      p.done(event.data)
    }
    // A crashed worker must not leave the UI waiting forever: fail every open request.
    w.onerror = (event) => restart(o.crashed(event.message || 'unknown error'))
    return w
  }
  return {
    send: (make, fail) =>
      new Promise((resolve) => {
        worker ??= boot()
        const requestId = nextId++
        const timer = setTimeout(() => restart(o.stuck), o.answerMs)
        pending.set(requestId, { done: resolve, fail: (m) => fail(requestId, m), timer })
        worker.postMessage(make(requestId))
      }),
    dispose: (message) => restart(message),
  }
}
