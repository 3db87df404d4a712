// The engine worker: the visibility matrix and every ruling run here, off the main thread.
// Live overlay requests are cancellable: the sight lines are sampled in slices, and between slices
// the worker reads its messages; when a newer live request has come, the older one stops (its
// reply says superseded) and the lines it finished stay in the memo for the newer one.
import type { EngineReply, EngineRequest } from './protocol.ts'
import { evaluateOverlay, issuesOf, ruleOn, warmOverlay } from './evaluateOverlay.ts'
import { loadBundledMesh, registerMeshUrls } from './bundledMeshes.ts'
import { meshLibraryForScene } from '../../terrain/index.ts'

const scope = self as unknown as DedicatedWorkerGlobalScope

let latestLive = 0
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

scope.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const req = event.data
  if (req.kind === 'evaluate' && req.live) {
    latestLive = req.requestId
    await evaluateLive(req)
    return
  }
  scope.postMessage(await answer(req))
}

async function answer(req: EngineRequest): Promise<EngineReply> {
  try {
    registerMeshUrls(req.meshFiles ?? {})
    if (req.kind === 'prepareMesh') {
      const { full, los, report } = await loadBundledMesh(req.name, req.scale)
      return { kind: 'preparedMesh', requestId: req.requestId, ok: true, mesh: { full, los: { positions: los.positions, indices: los.indices }, report } }
    }
    // mesh files the scene names are read, repaired and simplified once per scale, and each piece's size
    // checked (src/terrain); how a file was read travels with the answers (the card, the ruling)
    const { warnings } = await meshLibraryForScene(req.scene, loadBundledMesh)
    return req.kind === 'evaluate'
      ? { kind: 'evaluated', requestId: req.requestId, ok: true, overlay: evaluateOverlay(req.scene, req.selection, warnings) }
      : { kind: 'ruled', requestId: req.requestId, ok: true, document: ruleOn(req.scene, req.query, warnings) }
  } catch (e) {
    return { kind: req.kind === 'evaluate' ? 'evaluated' : req.kind === 'rule' ? 'ruled' : 'preparedMesh', requestId: req.requestId, ok: false, issues: issuesOf(e) }
  }
}

async function evaluateLive(req: Extract<EngineRequest, { kind: 'evaluate' }>): Promise<void> {
  const stale = () => latestLive !== req.requestId
  let finished = true
  try {
    registerMeshUrls(req.meshFiles ?? {})
    await meshLibraryForScene(req.scene, loadBundledMesh)
    finished = !stale() && await warmOverlay(req.scene, stale, yieldToMessages)
  } catch {
    // an invalid scene or mesh: answer() below reports it
  }
  if (!finished || stale()) {
    scope.postMessage({ kind: 'evaluated', requestId: req.requestId, ok: false, issues: [], superseded: true } satisfies EngineReply)
    return
  }
  scope.postMessage(await answer(req))
}
