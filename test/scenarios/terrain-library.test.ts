import { join } from 'node:path'
import { runScenarioFolder } from './runScenarios.ts'

// The terrain library's community-style pieces (models/: several shells, a glTF with its .bin, Draco
// and meshopt GLBs, a hill open underneath, tree cards), each with hand-derived sight lines through an
// opening, through the solid part and over the top (issue #25).
runScenarioFolder(join(import.meta.dirname, 'terrain-library'))
