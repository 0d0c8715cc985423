/**
 * What each benchmark row ran with, in words, from the very limits the bench passed: a figure
 * measured with raised limits must say so (a reader would otherwise expect it on the defaults).
 */
import { DEFAULT_LIMITS, type Limits } from '../src/limits/limits.js';

/** The stream caps lifted so one visitor can follow its job from 1,000 streams (the RSS row, the viewers rows). */
export const RAISED_STREAM_LIMITS: Partial<Limits> = {
  perVisitor: 1_000,
  perIp: 1_000,
  dailyCredits: 1_000,
  streamsPerVisitor: 2_000,
  streamsPerInstance: 2_000,
};

const figure = (value: number) => (Number.isFinite(value) ? value.toLocaleString('en') : 'off');

/** "default limits", or "default limits except `perIp` 0, `streamsPerVisitor` 2,000": option names as `limits` takes them. */
export function limitsNote(limits: Partial<Limits> = {}): string {
  const changed = (Object.keys(limits) as Array<keyof Limits>).filter((name) => limits[name] !== DEFAULT_LIMITS[name]);
  if (changed.length === 0) return 'default limits';
  return `default limits except ${changed.map((name) => `\`${name}\` ${figure(limits[name] as number)}`).join(', ')}`;
}
