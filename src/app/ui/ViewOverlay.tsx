// What floats over the camera or photo image. View-first (phone, tablet): the verdict card at the
// top; below it `prompts`, questions that need the player now (the demo-table question; the place
// for a survey step or a "Which model is this?" dialog); at the foot, above the sheet's bar, the
// status line (one line, never clipped), `badges` (small indicators such as "hold still") and the
// fill / whole-picture switch. On a desktop only the badges float, inside the image's box (the card and
// the status have their places beside the image), and the prompts stand in the page's flow between the
// controls and the image (`InlinePrompts`): floating, they covered controls (calibration's Solve) or lay
// under the messages. Taps go through to the image (model picks) except on what is drawn here.
import type { ReactNode } from 'react'
import { useApp } from '../state/appStore.ts'
import { RulingCard } from './RulingCard.tsx'
import { StatusLine } from '../camera/StatusLine.tsx'

/** `image`: an image is on screen; without one (a camera not started) only the prompts float: no card to tap models for, no status or fit switch. */
/** A desktop's prompts: in the flow above the image, never over a control. */
export function InlinePrompts({ children }: { children: ReactNode }) {
  return <div className="view-prompts-inline" data-testid="view-prompts">{children}</div>
}

export function ViewOverlay({ viewFirst, prompts, badges, image = true }: { viewFirst: boolean; prompts?: ReactNode; badges?: ReactNode; image?: boolean }) {
  // The fit shown (the whole picture while the picks need it), toggled to the other one.
  const fit = useApp((s) => s.imageFitShown ?? s.imageFit)
  const setFit = useApp((s) => s.setImageFit)
  return (
    <div className={`view-overlay ${viewFirst ? 'view-first' : ''}`} data-testid="view-overlay">
      {viewFirst && image && (
        <div className="view-top">
          <RulingCard floating />
        </div>
      )}
      {prompts && <div className="view-prompts" data-testid="view-prompts">{prompts}</div>}
      <div className="view-bottom">
        {/* On a phone held upright the planning toggles stand here, in a row (ui/LayerToggles.tsx). */}
        {viewFirst && image && <div className="view-toggles" />}
        {badges}
        {viewFirst && image && (
          <div className="view-foot">
            <div className="status-wrap"><StatusLine compact /></div>
            <button type="button" className="fit-toggle" aria-pressed={fit === 'contain'} onClick={() => setFit(fit === 'cover' ? 'contain' : 'cover')} data-testid="fit-toggle" title={fit === 'cover' ? 'Show the whole picture' : 'Fill the screen'}>
              <FitIcon whole={fit === 'cover'} /><span className="visually-hidden">{fit === 'cover' ? 'Show the whole picture' : 'Fill the screen'}</span>
            </button>
          </div>
        )}
      </div>
    </div>
  )
}

/**
 * The fit switch's icon, drawn (not a character: "⛶" has no glyph in the fonts of many systems, Debian's
 * among them, and showed as an empty box). `whole`: the switch shows the whole picture (a frame inside
 * the screen's); else it fills the screen (the four corners pushed out).
 */
function FitIcon({ whole }: { whole: boolean }) {
  return (
    <svg className="fit-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
      {whole
        ? <><rect x="2" y="4" width="20" height="16" rx="2" strokeOpacity="0.55" /><rect x="7" y="8" width="10" height="8" rx="1" /></>
        : <path d="M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6" />}
    </svg>
  )
}
