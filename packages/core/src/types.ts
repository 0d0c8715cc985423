/** The service's request and response types, named after the spec's schemas (generated, never written by hand). */
import type { components } from './generated/room-api.js';

type Schemas = components['schemas'];

export type Account = Schemas['Account'];
export type EnhanceRequest = Schemas['EnhanceRequest'];
export type RestyleRequest = Schemas['RestyleRequest'];
export type Mode = Schemas['Mode'];
export type ViewType = Schemas['ViewType'];
export type StagingStyle = Schemas['StagingStyle'];
export type StagingRoomType = Schemas['StagingRoomType'];
export type EmptyRoomRequest = Schemas['EmptyRoomRequest'];
export type LightingRequest = Schemas['LightingRequest'];
export type WindowViewRequest = Schemas['WindowViewRequest'];
export type ClearSkyRequest = Schemas['ClearSkyRequest'];
export type UpscaleRequest = Schemas['UpscaleRequest'];
export type SketchToImageRequest = Schemas['SketchToImageRequest'];
export type FreestyleRequest = Schemas['FreestyleRequest'];
export type MaskedEditRequest = Schemas['MaskedEditRequest'];
export type EditRequest = Schemas['EditRequest'];
export type RemoveObjectsRequest = Schemas['RemoveObjectsRequest'];
export type BlurObjectsRequest = Schemas['BlurObjectsRequest'];
export type StageRequest = Schemas['StageRequest'];
/** The *Image Generation* pages' acknowledgement. */
export type GenerationAck = Schemas['GenerationAck'];
/** The *Object Manipulation*, *Scenes*, *Virtual Staging* and *Generation* pages' acknowledgement. */
export type JobAck = Schemas['JobAck'];
export type Prediction = Schemas['Prediction'];
export type PredictionStatus = Schemas['PredictionStatus'];
/** The statuses the documentation shows; any other but the failures means still running. */
export type DocumentedPredictionStatus = Schemas['DocumentedPredictionStatus'];
/** Terminal without images (not documented by the service, handled defensively). */
export type FailedPredictionStatus = Schemas['FailedPredictionStatus'];
export type PredictionSummary = Schemas['PredictionSummary'];
export type PredictionList = Schemas['PredictionList'];
