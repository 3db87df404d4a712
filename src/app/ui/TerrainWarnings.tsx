// Beside the verdict: how the files of the pieces between attacker and target were read, where that
// changes what they hide (a file read as thin 1 mm surfaces, a piece sunk into the table): the same
// warnings the CLI's eval gives with its answers (src/terrain's withMeshWarnings), for this pick only.
import type { PieceWarning } from '../engine/protocol.ts'

export function TerrainWarnings({ warnings }: { warnings: readonly PieceWarning[] }) {
  if (warnings.length === 0) return null
  return (
    <div className="tracking-warnings" role="status" data-testid="card-terrain-warnings" data-codes={warnings.map((w) => w.code).join(',')}>
      {warnings.map((w, i) => <p key={i} data-code={w.code} data-piece={w.piece} title={w.text}><span aria-hidden="true">⚠ </span>{w.text}</p>)}
    </div>
  )
}
