// Entry point: open the planner on the stored table (or the default demo), start the engine
// worker and the evaluation loop, load the ruling history, render.
import { StrictMode, Suspense, lazy } from 'react'
import { createRoot } from 'react-dom/client'
import { DEFAULT_SYSTEM_ID, useApp } from './state/appStore.ts'
import { isKnownSystem } from './state/systemLoader.ts'
import { persistScene, savedScene } from './state/persistScene.ts'
import { startEvaluationLoop } from './engine/evaluationLoop.ts'
import { startPlanLoop } from './engine/planLoop.ts'
import { installPlanProbe } from './scene/planProbe.ts'
import { engine } from './engine/engineHandle.ts'
import { loadHistory } from './actions/rulings.ts'
import { loadDemo } from './actions/loadDemo.ts'
import { App } from './App.tsx'
import { installProbe } from './scene/TestProbe.tsx'
import { installKiosk } from './ui/kiosk.ts'
import { startRoomFromLocation } from './sync/startRoom.ts'
import { checkCertificateTrust } from './ui/certificateTrust.ts'
import { restoreGame, startGameLoop } from './game/gameLoop.ts'
import { startMoveLogging } from './game/moveLogging.ts'
import { roomLinkFromLocation } from './sync/roomLink.ts'
import './app.css'

const restored = savedScene()
if (restored) {
  useApp.getState().replaceScene(restored)
  useApp.getState().notify({ level: 'info', text: 'Restored your last table.', actions: [{ label: 'Open the demo instead', run: () => void loadDemo(isKnownSystem(restored.system) ? restored.system : DEFAULT_SYSTEM_ID) }] })
}
persistScene(useApp)
installProbe()
installKiosk()
startEvaluationLoop(useApp, engine())
startPlanLoop(useApp, engine())
installPlanProbe()
void loadHistory()
// The game at the table (issue 33): folded in its worker, its state on the table, moves logged.
startGameLoop()
startMoveLogging()
if (!roomLinkFromLocation(location)) void restoreGame()
startRoomFromLocation()
void checkCertificateTrust()

// `&overlay` on a view link: the transparent spectator page for a stream's browser source (loaded only then).
const spectator = new URLSearchParams(location.search).has('overlay')
if (spectator) document.documentElement.classList.add('spectator-page')
const SpectatorOverlay = lazy(() => import('./game/SpectatorOverlay.tsx').then((m) => ({ default: m.SpectatorOverlay })))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {spectator ? <Suspense fallback={null}><SpectatorOverlay /></Suspense> : <App />}
  </StrictMode>,
)
