// The engine worker: the visibility matrix and every ruling run here, off the main thread.
// Live overlay requests are cancellable: the sight lines are sampled in slices, and between slices
// the worker reads its messages; when a newer live request has come, the older one stops (its
// reply says superseded) and the lines it finished stay in the memo for the newer one. Planning asks
// (reach, a spot's path and attackers, threat bands, exposure: planOverlay.ts) wait one turn of the
// message loop, and one that a newer ask of its kind overtook is answered "superseded".
import type { EngineReply, EngineRequest } from './protocol.ts'
import { evaluateOverlay, issuesOf, ruleOn, warmOverlay } from './evaluateOverlay.ts'
import { loadBundledMesh, registerMeshUrls } from './bundledMeshes.ts'
import { meshLibraryForScene } from '../../terrain/index.ts'
import { answerPlan } from './planOverlay.ts'

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
  if (req.kind === 'plan') {
    await planWhenLatest(req)
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
    if (req.kind === 'plan') return { kind: 'planned', requestId: req.requestId, ok: true, answer: answerPlan(req.scene, req.ask) }
    return req.kind === 'evaluate'
      ? { kind: 'evaluated', requestId: req.requestId, ok: true, overlay: evaluateOverlay(req.scene, req.selection, warnings) }
      : { kind: 'ruled', requestId: req.requestId, ok: true, document: ruleOn(req.scene, req.query, warnings) }
  } catch (e) {
    return { kind: req.kind === 'evaluate' ? 'evaluated' : req.kind === 'rule' ? 'ruled' : req.kind === 'plan' ? 'planned' : 'preparedMesh', requestId: req.requestId, ok: false, issues: issuesOf(e) }
  }
}

/** The newest planning ask per channel: an older one still waiting is answered "superseded" (the finger moved on). */
const latestPlan = new Map<string, number>()

async function planWhenLatest(req: Extract<EngineRequest, { kind: 'plan' }>): Promise<void> {
  latestPlan.set(req.ask.what, req.requestId)
  await yieldToMessages()
  if (latestPlan.get(req.ask.what) !== req.requestId) {
    scope.postMessage({ kind: 'planned', requestId: req.requestId, ok: false, issues: [], superseded: true } satisfies EngineReply)
    return
  }
  scope.postMessage(await answer(req))
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
