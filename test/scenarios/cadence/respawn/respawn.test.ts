// Golden scenarios of cadence/respawn, run through the CLI (expected values derived by hand in each
// file's "derivation").
import { runScenarioFolder } from '../../runScenarios.ts'

runScenarioFolder(import.meta.dirname)
