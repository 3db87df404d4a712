// Attacker, weapon and target as big buttons (the same picks as tapping models in the 3D view),
// each model by its name; every target shows its line of sight as clear / partial / blocked.
import { useApp } from '../state/appStore.ts'
import { formatPercent } from '../format/formatFigures.ts'
import { LOS_DISPLAY, shownLos } from '../format/losDisplay.ts'
import { matrixLine } from '../format/matrixLine.ts'
import { modelNames } from '../format/names.ts'

export function SelectionPanel() {
  const sceneModels = useApp((s) => s.scene.models)
  const overlayForNames = useApp((s) => s.evaluation.overlay)
  const names = modelNames(overlayForNames, sceneModels)
  const models = sceneModels.map((m) => ({ id: m.id, side: m.side, name: names[m.id] ?? m.id }))
  const attackerId = useApp((s) => s.attackerId)
  const targetId = useApp((s) => s.targetId)
  const weaponId = useApp((s) => s.weaponId)
  const overlay = useApp((s) => s.evaluation.overlay)
  const setAttacker = useApp((s) => s.setAttacker)
  const setTarget = useApp((s) => s.setTarget)
  const setWeapon = useApp((s) => s.setWeapon)
  const clearSelection = useApp((s) => s.clearSelection)
  const showRays = useApp((s) => s.showRays)
  const toggleRays = useApp((s) => s.toggleRays)
  const attacker = models.find((m) => m.id === attackerId)
  const weapons = overlay?.models.find((m) => m.id === attackerId)?.weapons ?? []
  const activeWeapon = overlay?.attackQuery?.attacker === attackerId ? overlay?.attackQuery?.weapon : weaponId ?? weapons[0]?.id
  const enemies = attacker ? models.filter((m) => m.side !== attacker.side) : []
  const sides = [...new Set(models.map((m) => m.side))]
  return (
    <section className="selection" aria-label="Selection">
      <h2>Attacker</h2>
      {overlay?.matrix && (
        <p className="muted small" data-testid="matrix" data-clear={overlay.matrix.byDisplay.clear} data-partial={overlay.matrix.byDisplay.partial} data-blocked={overlay.matrix.byDisplay.blocked}>
          {matrixLine(overlay.matrix)}
        </p>
      )}
      {sides.map((side) => (
        <div className="button-row" key={side} role="group" aria-label={`Side ${side}`}>
          <span className="side-tag">{side}</span>
          {models.filter((m) => m.side === side).map((m) => (
            <button key={m.id} type="button" aria-pressed={m.id === attackerId} data-testid={`attacker-${m.id}`} onClick={() => setAttacker(m.id)}>
              {m.name}
            </button>
          ))}
        </div>
      ))}
      {attacker && (
        <>
          <h2>Weapon</h2>
          <div className="button-row" role="group" aria-label="Weapon">
            {weapons.length === 0 && <span className="muted">No weapons listed for {attacker.name}.</span>}
            {weapons.map((w) => (
              <button key={w.id} type="button" aria-pressed={w.id === activeWeapon} data-testid={`weapon-${w.id}`} onClick={() => setWeapon(w.id)}>
                {w.name}
              </button>
            ))}
          </div>
          <h2>Target</h2>
          <div className="button-row" role="group" aria-label="Target">
            {enemies.map((m) => {
              const line = overlay?.losRow.find((l) => l.to === m.id)
              const los = line ? shownLos(line, overlay, attackerId) : null
              return (
                <button key={m.id} type="button" aria-pressed={m.id === targetId} data-testid={`target-${m.id}`} onClick={() => setTarget(m.id)}>
                  {m.name}
                  {los && <span className={`los-chip los-${los.display}`} data-los={los.display}><span aria-hidden="true">{LOS_DISPLAY[los.display].icon}</span> {formatPercent(los.fraction)}<span className="visually-hidden"> {LOS_DISPLAY[los.display].word}</span></span>}
                </button>
              )
            })}
          </div>
          <div className="button-row">
            <button type="button" aria-pressed={showRays} onClick={toggleRays} data-testid="toggle-rays">Sight rays</button>
            <button type="button" onClick={clearSelection}>Clear</button>
          </div>
        </>
      )}
    </section>
  )
}
