// The "path: message" lines of the SceneError a call throws ([] when it does not throw), so input
// tests can assert what the user would read. Any other error is rethrown.
import { SceneError } from '../../src/engine/index.ts'

export function sceneIssuesOf(run: () => unknown): string[] {
  try {
    run()
  } catch (e) {
    if (e instanceof SceneError) return e.issues.map((i) => `${i.path}: ${i.message}`)
    throw e
  }
  return []
}
