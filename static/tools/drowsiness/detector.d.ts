/** Types for detector.js (plain browser ES module), so TypeScript tests can import it. */
export interface Point {
  x: number;
  y: number;
}
export interface Measurement {
  leftEar: number;
  rightEar: number;
  ear: number;
  mar: number;
}
export type DrowsinessState =
  'calibrating' | 'no-face' | 'awake' | 'eyes-closed' | 'sleeping' | 'yawning';
export interface Thresholds {
  earClosed: number;
  earOpen: number;
  marYawn: number;
  marYawnEnd: number;
  sleepAfterMs: number;
  yawnAfterMs: number;
  faceLostGraceMs: number;
  calibrationMs: number;
  smoothing: number;
}
export interface Snapshot {
  state: DrowsinessState;
  ear: number | null;
  mar: number | null;
  eyesClosedMs: number;
  alarm: boolean;
  yawnCount: number;
  event: 'sleep-start' | 'yawn-start' | null;
  thresholds: Thresholds;
  calibrated: boolean;
}
export interface DrowsinessMonitor {
  update(measurement: Measurement | null, now: number): Snapshot;
  hold(now: number): Snapshot;
  dismiss(): void;
  readonly state: DrowsinessState;
}
export const RIGHT_EYE: number[];
export const LEFT_EYE: number[];
export const INNER_MOUTH: number[];
export const DEFAULT_THRESHOLDS: Readonly<Thresholds>;
export function distance(a: Point, b: Point): number;
export function eyeAspectRatio(eye: readonly Point[]): number;
export function mouthAspectRatio(mouth: readonly Point[]): number;
export function measureFace(points: readonly Point[]): Measurement;
export function eyeThresholdsFromBaseline(openEar: number): { earClosed: number; earOpen: number };
export function createDrowsinessMonitor(options?: Partial<Thresholds>): DrowsinessMonitor;
