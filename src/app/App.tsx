// The app shell: top bar, the stage (3D table or a camera/AR mode), messages (over the stage's foot;
// on a phone in their own row above the table, app.css), and the side panel
// (the verdict strip, pinned at its top; the picks; the ruling's details, folded; the referee record;
// editing; rule options).
import { TopBar } from './ui/TopBar.tsx'
import { ModeStage } from './ui/ModeStage.tsx'
import { MessageBar } from './ui/MessageBar.tsx'
import { SelectionPanel } from './ui/SelectionPanel.tsx'
import { RulingCard, RulingDetails } from './ui/RulingCard.tsx'
import { RecordPanel } from './ui/RecordPanel.tsx'
import { EditPanel } from './ui/EditPanel.tsx'
import { OptionsPanel } from './ui/OptionsPanel.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'
import { RoomPanel } from './sync/RoomPanel.tsx'
import { SetupMount } from './setup/SetupMount.tsx'

export function App() {
  return (
    <div className="app">
      <TopBar />
      <main className="stage">
        <ErrorBoundary what="table view">
          <ModeStage />
        </ErrorBoundary>
      </main>
      <MessageBar />
      <aside className="panel">
        <ErrorBoundary what="ruling card"><RulingCard /></ErrorBoundary>
        <ErrorBoundary what="selection"><SelectionPanel /></ErrorBoundary>
        <ErrorBoundary what="ruling details"><RulingDetails /></ErrorBoundary>
        <ErrorBoundary what="referee record"><RecordPanel /></ErrorBoundary>
        <ErrorBoundary what="edit tools"><EditPanel /></ErrorBoundary>
        <ErrorBoundary what="rule options"><OptionsPanel /></ErrorBoundary>
        <ErrorBoundary what="shared table"><RoomPanel /></ErrorBoundary>
      </aside>
      <SetupMount />
    </div>
  )
}
