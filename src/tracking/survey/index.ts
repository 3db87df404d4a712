// The table survey's public surface (re-exported by src/tracking/index.ts). See README.md.
export type * from './types.ts'
export { DEFAULT_SURVEY_PARAMS } from './types.ts'
export { SurveyCollector, DEFAULT_SURVEY_COLLECTOR_PARAMS, type SurveyCollectorParams, type SurveyObservation, type SurveyProgress } from './surveyCollector.ts'
export { surveyTable, completeSurvey, type SurveyOptions } from './surveyTable.ts'
export { measureMarkerMap, type MarkerMapOptions } from './measureMarkerMap.ts'
export { placeTable, cornersCanBeKnown, CORNERS_NOT_KNOWN, type PlaceTableOptions } from './placeTable.ts'
export { createSurveyClient, type SurveyClient, type SurveyFrameReply } from './surveyClient.ts'
export type { SurveyRequest, SurveyReply } from './surveyProtocol.ts'
