// The engine worker: the visibility matrix and every ruling run here, off the main thread.
import type { EngineReply, EngineRequest } from './protocol.ts'
import { evaluateOverlay, issuesOf, ruleOn } from './evaluateOverlay.ts'
import { loadBundledMesh } from './bundledMeshes.ts'
import { meshLibraryForScene } from '../../terrain/meshLibraryForScene.ts'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const req = event.data
  let reply: EngineReply
  try {
    // mesh files the scene names are read, repaired and simplified once, and each piece's size checked (src/terrain)
    await meshLibraryForScene(req.scene, loadBundledMesh)
    reply = req.kind === 'evaluate'
      ? { kind: 'evaluated', requestId: req.requestId, ok: true, overlay: evaluateOverlay(req.scene, req.selection) }
      : { kind: 'ruled', requestId: req.requestId, ok: true, document: ruleOn(req.scene, req.query) }
  } catch (e) {
    reply = { kind: req.kind === 'evaluate' ? 'evaluated' : 'ruled', requestId: req.requestId, ok: false, issues: issuesOf(e) }
  }
  scope.postMessage(reply)
}
