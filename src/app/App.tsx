// The app shell: top bar, the stage (3D table or a camera/AR mode), messages, and the panel (the
// verdict strip, pinned at its top; the picks; the ruling's details, folded; the referee record;
// editing; rule options; sharing). On a phone or tablet in the camera modes the screen is
// view-first (ui/useViewFirst.ts): the stage fills the screen, the verdict floats over the image
// (ui/ViewOverlay.tsx) and the panel's parts go into the bottom sheet (ui/BottomSheet.tsx), whose
// first section is the camera mode's controls.
import { Suspense, lazy, useState } from 'react'
import { TopBar } from './ui/TopBar.tsx'
import { ModeStage } from './ui/ModeStage.tsx'
import { MessageBar } from './ui/MessageBar.tsx'
import { SelectionPanel } from './ui/SelectionPanel.tsx'
import { RulingCard, RulingDetails } from './ui/RulingCard.tsx'
import { RecordPanel } from './ui/RecordPanel.tsx'
import { EditPanel } from './ui/EditPanel.tsx'
import { OptionsPanel } from './ui/OptionsPanel.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'
import { BottomSheet } from './ui/BottomSheet.tsx'
import { SheetSlotContext } from './ui/sheetSlot.ts'
import { useViewFirst } from './ui/useViewFirst.ts'
import { RoomPanel } from './sync/RoomPanel.tsx'
import { SetupMount } from './setup/SetupMount.tsx'
import { LayerToggles } from './ui/LayerToggles.tsx'
import { PlanPanel } from './ui/PlanPanel.tsx'

// The game at the table (issue 33): its panel loads when first shown.
const GamePanel = lazy(() => import('./game/GamePanel.tsx'))

/** The panel's parts after the verdict card (the same in the side panel and in the bottom sheet). */
function PanelParts() {
  return (
    <>
      <ErrorBoundary what="selection"><SelectionPanel /></ErrorBoundary>
      <ErrorBoundary what="plan"><PlanPanel /></ErrorBoundary>
      <ErrorBoundary what="game"><Suspense fallback={null}><GamePanel /></Suspense></ErrorBoundary>
      <ErrorBoundary what="ruling details"><RulingDetails /></ErrorBoundary>
      <ErrorBoundary what="referee record"><RecordPanel /></ErrorBoundary>
      <ErrorBoundary what="edit tools"><EditPanel /></ErrorBoundary>
      <ErrorBoundary what="rule options"><OptionsPanel /></ErrorBoundary>
      <ErrorBoundary what="shared table"><RoomPanel /></ErrorBoundary>
    </>
  )
}

export function App() {
  const viewFirst = useViewFirst()
  const [slot, setSlot] = useState<HTMLElement | null>(null)
  return (
    <SheetSlotContext.Provider value={viewFirst ? slot : null}>
      <div className="app" data-layout={viewFirst ? 'view-first' : 'panels'}>
        <TopBar />
        <main className="stage">
          <ErrorBoundary what="table view">
            <ModeStage />
          </ErrorBoundary>
          <ErrorBoundary what="planning layers"><LayerToggles over="stage" /></ErrorBoundary>
        </main>
        <MessageBar />
        {viewFirst ? (
          <BottomSheet slot={setSlot}>
            <PanelParts />
          </BottomSheet>
        ) : (
          <aside className="panel">
            <ErrorBoundary what="ruling card"><RulingCard /></ErrorBoundary>
            <PanelParts />
          </aside>
        )}
        <SetupMount />
      </div>
    </SheetSlotContext.Provider>
  )
}
