// The survey's side of the tracking worker: one collector of views per survey, and the last measured
// map kept, so that tapping the table's corners after a refusal does not measure the map again.
import type { OpenCvHandle } from '../opencv/openCv.ts'
import { SurveyCollector } from './surveyCollector.ts'
import { measureMarkerMap } from './measureMarkerMap.ts'
import { completeSurvey } from './surveyTable.ts'
import type { SurveyReply, SurveyRequest } from './surveyProtocol.ts'
import type { MarkerMap, SurveyRefusal } from './types.ts'
import type { SurveyRegistry } from '../registry/registrySchema.ts'
import type { CameraIntrinsics } from '../types.ts'

export type SurveySession = { handle(request: SurveyRequest, post: (reply: SurveyReply, transfer: Transferable[]) => void): void }

export function createSurveySession(cv: OpenCvHandle): SurveySession {
  let collector: SurveyCollector | null = null
  let registry: SurveyRegistry | null = null
  let calibration: CameraIntrinsics | null = null
  /** The map of the views as they were at `mapViews` (a view count), or the refusal it gave. */
  let cached: { views: number; map: MarkerMap | SurveyRefusal } | null = null
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

  return {
    handle(request, post) {
      switch (request.kind) {
        case 'start':
          collector?.dispose()
          registry = request.registry
          calibration = request.calibration
          collector = new SurveyCollector(cv, request.registry)
          cached = null
          post({ kind: 'started' }, [])
          return
        case 'frame': {
          const { frameId, data } = request
          if (!collector) {
            post({ kind: 'failed', message: 'the survey was not started', frameId, data }, [data])
            return
          }
          try {
            const frame = { width: request.width, height: request.height, data: new Uint8ClampedArray(data) }
            if (frame.data.length !== frame.width * frame.height * 4) throw new Error(`frame ${frameId}: ${frame.data.length} bytes for ${frame.width}×${frame.height} RGBA`)
            const observation = collector.observe(frame, request.mode, request.label)
            post({ kind: 'observed', frameId, observation, progress: collector.progress(), data }, [data])
          } catch (e) {
            post({ kind: 'failed', message: message(e), frameId, data }, [data])
          }
          return
        }
        case 'solve': {
          const { requestId } = request
          if (!collector || !registry) {
            post({ kind: 'failed', message: 'the survey was not started', requestId }, [])
            return
          }
          try {
            const views = collector.views()
            if (!cached || cached.views !== views.length) cached = { views: views.length, map: measureMarkerMap(cv, views, registry, { calibration }) }
            const map = cached.map
            const result = 'ok' in map ? map : completeSurvey(map, registry, { taps: request.taps, tableSize: request.tableSize })
            post({ kind: 'solved', requestId, result }, [])
          } catch (e) {
            post({ kind: 'failed', message: message(e), requestId }, [])
          }
          return
        }
        case 'reset':
          collector?.reset()
          cached = null
          return
        case 'stop':
          collector?.dispose()
          collector = null
          registry = null
          cached = null
          return
      }
    },
  }
}
