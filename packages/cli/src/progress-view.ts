/** The batch's live progress on stderr: one bar (cli-progress), drawn only on a terminal. */
import type { BatchProgress } from '@room-restyler/core/batch';
import cliProgress from 'cli-progress';

export interface ProgressView {
  update(progress: BatchProgress): void;
  stop(): void;
}

export function progressView(stream: NodeJS.WritableStream & { isTTY?: boolean }, total: number): ProgressView {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {value}/{total} done | {failed} failed | {running} running (at most {concurrency}) | {estimate}',
      hideCursor: true,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { failed: 0, running: 0, concurrency: '-', estimate: 'estimating…' });
  return {
    update(progress) {
      const { succeeded, failed, running, concurrency, estimatedRemainingMs, paused } = progress;
      const estimate = paused
        ? 'paused'
        : estimatedRemainingMs === undefined
          ? 'estimating…'
          : `about ${Math.ceil(estimatedRemainingMs / 1000)} s left`;
      bar.update(succeeded + failed, { failed, running, concurrency, estimate });
    },
    stop: () => bar.stop(),
  };
}
