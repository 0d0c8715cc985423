export type { Clock } from './abort.js';
export { sleep, systemClock } from './abort.js';
export type { CallOptions, GenerationStarted, ListOptions, RoomClient, RoomClientOptions, StartOptions } from './client.js';
export { createRoomClient } from './client.js';
export type { DurationHistoryOptions, DurationStore } from './duration-history.js';
export { DurationHistory, learnedPollSchedule } from './duration-history.js';
export * from './errors.js';
export type { GenerateInput, GenerateOptions, GenerateProgress, GenerationResult } from './generate.js';
export type { components, operations, paths } from './generated/room-api.js';
export type { Logger, RequestLog } from './logger.js';
export type { Middleware } from './middleware.js';
export type { GenerationOperation, OperationAck, OperationBody } from './operations.js';
export { GENERATION_OPERATIONS, generationOperations, isGenerationOperation, operationCredits } from './operations.js';
export type { PollSchedule } from './poll-schedule.js';
export { DEFAULT_POLL_SCHEDULE, estimateRemainingMs, fixedPollSchedule } from './poll-schedule.js';
export type { PredictionOutcome } from './prediction.js';
export { normalizePrediction, predictionOutcome, requestIdOf } from './prediction.js';
export type { GenerationPhase } from './progress.js';
export { GENERATION_PHASES } from './progress.js';
export type {
  ProxyClient,
  ProxyClientOptions,
  ProxyEnhanceRequest,
  ProxyOperationBody,
  ProxyRestyleRequest,
  ProxyTries,
  ProxyTriesRequest,
  ProxyUploadOptions,
} from './proxy-client.js';
export { createProxyClient } from './proxy-client.js';
export type {
  ProxyErrorBody,
  ProxyErrorCode,
  ProxyGenerationAck,
  ProxyHealth,
  ProxyLimitErrorBody,
  ProxyPaths,
  ProxyUpload,
} from './proxy-types.js';
export type { RetryOptions } from './retry-policy.js';
export type { FetchLike } from './transport.js';
export type {
  Account,
  BlurObjectsRequest,
  ClearSkyRequest,
  DocumentedPredictionStatus,
  EditRequest,
  EmptyRoomRequest,
  EnhanceRequest,
  FailedPredictionStatus,
  FreestyleRequest,
  GenerationAck,
  JobAck,
  LightingRequest,
  MaskedEditRequest,
  Mode,
  Prediction,
  PredictionList,
  PredictionStatus,
  PredictionSummary,
  RemoveObjectsRequest,
  RestyleRequest,
  SketchToImageRequest,
  StageRequest,
  StagingRoomType,
  StagingStyle,
  UpscaleRequest,
  ViewType,
  WindowViewRequest,
} from './types.js';
export * from './vocabulary.js';
export type { PredictionUpdate, ReadPrediction, WaitOptions } from './wait.js';
export { waitForPrediction } from './wait.js';
