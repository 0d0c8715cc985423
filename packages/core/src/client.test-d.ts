/** The client's public types, checked by the compiler (tsc -b): what a user of the package is promised. */
import { describe, expectTypeOf, it } from 'vitest';
import type { GenerationStarted, RoomClient } from './client.js';
import type { GenerateInput, GenerationResult } from './generate.js';
import type { Account, EnhanceRequest, Mode, Prediction, PredictionList, PredictionSummary, RestyleRequest } from './types.js';

declare const client: RoomClient;
const url = 'https://example.com/room.jpg';

describe('RoomClient types', () => {
  it('takes the spec request bodies', () => {
    expectTypeOf(client.enhance).parameter(0).toEqualTypeOf<EnhanceRequest>();
    expectTypeOf(client.restyle).parameter(0).toEqualTypeOf<RestyleRequest>();
    expectTypeOf<EnhanceRequest['mode']>().toEqualTypeOf<Mode>();
    expectTypeOf<Mode>().toEqualTypeOf<'staging' | 'restyle' | 'empty-room'>();
    // @ts-expect-error enhance needs a mode
    void client.enhance({ image_url: url });
    // @ts-expect-error restyle needs a style
    void client.restyle({ image_url: url });
    // @ts-expect-error no field beyond the spec's
    void client.restyle({ image_url: url, style: 'coastal', prompt: 'x' });
    // @ts-expect-error modes are the spec's enum
    void client.enhance({ image_url: url, mode: 'bogus' });
  });

  it("answers with the spec's types", () => {
    expectTypeOf(client.me).returns.resolves.toEqualTypeOf<Account>();
    expectTypeOf(client.restyle).returns.resolves.toEqualTypeOf<GenerationStarted>();
    expectTypeOf(client.getPrediction).returns.resolves.toEqualTypeOf<Prediction>();
    expectTypeOf(client.listPredictions).returns.resolves.toEqualTypeOf<PredictionList>();
    expectTypeOf<Prediction['output']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<PredictionSummary['prediction_id']>().toEqualTypeOf<string>();
    expectTypeOf<Account['credits_remaining']>().toEqualTypeOf<number>();
  });

  it('generate takes either operation with its own body', () => {
    expectTypeOf(client.generate).returns.resolves.toEqualTypeOf<GenerationResult>();
    expectTypeOf<{ operation: 'restyle'; image_url: string; style: string }>().toMatchTypeOf<GenerateInput>();
    // @ts-expect-error an enhance needs its mode
    const missingMode: GenerateInput = { operation: 'enhance', image_url: url };
    void missingMode;
  });
});
