// The verdict strip: the one-glance answer, always in view (pinned at the top of the panel, or
// floating over the camera image). Allowed or not; distance against the weapon's range with the
// margin ± uncertainty; the line of sight as clear / partial / blocked (icon and colour) with the
// game's class, the share seen and, when the class overrides the geometry, the reason in one line;
// cover; the chance as a percentage, with the exact fraction one tap away. Cover and chance agree
// with the sight: no line of sight and no attack → "—", never a cover level or a chance.
import { useState } from 'react'
import type { QueryResult } from '../../engine/index.ts'
import { readVerdict } from '../format/verdictView.ts'
import { LOS_DISPLAY, losClassText } from '../format/losDisplay.ts'
import { formatChance, formatDistanceOfRange, formatMarginShort } from '../format/formatVerdict.ts'
import { formatPercent } from '../format/formatFigures.ts'
import type { Units } from '../state/settingsSlice.ts'
import { PinchCell } from '../hands/PinchCell.tsx'
import { withNames } from '../format/names.ts'

function Cell({ label, testId, children, className }: { label: string; testId: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={`strip-cell ${className ?? ''}`} data-testid={testId}>
      <span className="strip-label">{label}</span>
      <span className="strip-value">{children}</span>
    </div>
  )
}

/** `names`: model names by id, so the reason reads in names, as the rest of the card does. */
export function VerdictStrip({ result, units, names = {} }: { result: QueryResult; units: Units; names?: Readonly<Record<string, string>> }) {
  const v = readVerdict(result, units)
  const [exact, setExact] = useState(false)
  return (
    <div className="strip" data-testid="verdict-strip">
      {v.allowed !== null && (
        <p className={`verdict ${v.allowed ? 'ok' : 'no'}`} data-testid="card-verdict">
          <span aria-hidden="true">{v.allowed ? '✓ ' : '✗ '}</span>{v.allowed ? 'Allowed' : 'Not allowed'}
        </p>
      )}
      {v.allowed === false && v.firstReason && <p className="strip-reason" data-testid="strip-reason">{withNames(v.firstReason, names)}</p>}
      <div className="strip-cells">
        {v.range && (
          <Cell label="Range" testId="strip-range" className={v.range.margin ? (v.range.margin.marginMm >= 0 ? 'in' : 'out') : ''}>
            <strong>{formatDistanceOfRange(v.range.distanceMm, v.range.rangeMm, units)}</strong>
            {v.range.margin && <span className="strip-sub" data-testid="strip-margin">{formatMarginShort(v.range.margin, units)}{v.range.margin.marginal ? ' · too close to call' : ''}</span>}
          </Cell>
        )}
        {v.los && (
          <Cell label="Sight" testId="strip-los">
            <span className={`los-badge los-${v.los.display}`} data-los={v.los.display}>
              <span aria-hidden="true">{LOS_DISPLAY[v.los.display].icon} </span>{losClassText(v.los.display, v.los.systemClass)}
            </span>
            <span className="strip-sub">
              {v.los.fraction !== null ? `${formatPercent(v.los.fraction)} seen` : v.los.modelsSeen ? `${v.los.modelsSeen.seen} of ${v.los.modelsSeen.of} models seen` : ''}
            </span>
            {v.los.because && (
              <span className="strip-because" data-testid="strip-because" title={`${withNames(v.los.because.text, names)}${v.los.because.rule ? ` (${v.los.because.rule})` : ''}`}>
                {LOS_DISPLAY[v.los.display].word.toLowerCase()}: {withNames(v.los.because.text, names)}{v.los.because.rule ? <cite>{v.los.because.rule}</cite> : null}
              </span>
            )}
          </Cell>
        )}
        <Cell label="Cover" testId="strip-cover">
          {v.coverMoot ? <><strong data-moot="yes">—</strong><span className="strip-sub">no line of sight</span></> : <strong>{v.cover ?? 'none'}</strong>}
        </Cell>
        {v.chanceMoot && (
          <Cell label="Chance" testId="strip-chance">
            <strong data-moot="yes">—</strong>
            <span className="strip-sub">no attack allowed</span>
          </Cell>
        )}
        {v.chance && (
          <Cell label="Chance" testId="strip-chance">
            {/* The whole figure is the switch to the exact fraction (a 44 px target that adds no row). */}
            <button type="button" className="chance-toggle" aria-pressed={exact} onClick={() => setExact(!exact)} data-testid="strip-exact-toggle" title={exact ? 'Show the chance as a percentage' : 'Show the exact fraction'}>
              <strong>{formatChance(v.chance.hit)} to hit</strong>
              <span className="strip-sub">
                {exact ? <span data-testid="strip-exact">{v.chance.hitExact} to hit · {v.chance.effectExact} effect</span> : `${formatChance(v.chance.effect)} effect`}
                <span className="chance-hint"> · {exact ? 'as %' : 'exact'}</span>
              </span>
            </button>
          </Cell>
        )}
        {/* Hands (issue 15): the pinch measure with its uncertainty, while a pinch has measured. */}
        <PinchCell units={units} />
      </div>
    </div>
  )
}
