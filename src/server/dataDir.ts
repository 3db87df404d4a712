// Where rooms, their logs and the https certificate live unless --data says otherwise (git-ignored).
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const DEFAULT_DATA_DIR = join(repoRoot, '.tabletop-data')
