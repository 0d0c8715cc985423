/** The service's request and response types, named after the spec's schemas (generated, never written by hand). */
import type { components } from './generated/room-api.js';

type Schemas = components['schemas'];

export type Account = Schemas['Account'];
export type EnhanceRequest = Schemas['EnhanceRequest'];
export type RestyleRequest = Schemas['RestyleRequest'];
export type Mode = Schemas['Mode'];
export type GenerationAck = Schemas['GenerationAck'];
export type Prediction = Schemas['Prediction'];
export type PredictionStatus = Schemas['PredictionStatus'];
/** The statuses the documentation shows; any other but the failures means still running. */
export type DocumentedPredictionStatus = Schemas['DocumentedPredictionStatus'];
/** Terminal without images (not documented by the service, handled defensively). */
export type FailedPredictionStatus = Schemas['FailedPredictionStatus'];
export type PredictionSummary = Schemas['PredictionSummary'];
export type PredictionList = Schemas['PredictionList'];
