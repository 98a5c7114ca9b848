import {
  DEFAULT_THRESHOLDS,
  createDrowsinessMonitor,
  eyeAspectRatio,
  eyeThresholdsFromBaseline,
  measureFace,
  mouthAspectRatio,
  type Measurement,
  type Point,
  type Snapshot,
} from '../../../../static/tools/drowsiness/detector.js';
import landmarks from './fixtures/face-landmarks.json';

/** 20 frames a second: every duration below is a whole number of frames. */
const FRAME_MS = 50;
const openFaces = landmarks.open;
const reference = openFaces.find((face) => face.image === 'sample6.jpg' && face.face === 0);
if (!reference) throw new Error('The fixture lost its reference face.');
const OPEN = measureFace(reference.points);
const CLOSED = measureFace(landmarks.closed.points);
const YAWN = measureFace(landmarks.yawn.points);

type Frame = Measurement | null;

/** Plays `frames` at 20 fps from t=0 and returns every snapshot. */
function play(
  frames: Frame[],
  options: Parameters<typeof createDrowsinessMonitor>[0] = { calibrationMs: 0 },
) {
  const monitor = createDrowsinessMonitor(options);
  return { monitor, snapshots: frames.map((frame, i) => monitor.update(frame, i * FRAME_MS)) };
}

function repeat(frame: Frame, durationMs: number): Frame[] {
  return Array.from({ length: Math.round(durationMs / FRAME_MS) }, () => frame);
}

function firstTime(snapshots: Snapshot[], predicate: (snapshot: Snapshot) => boolean): number {
  const index = snapshots.findIndex(predicate);
  return index === -1 ? Number.NaN : index * FRAME_MS;
}

describe('aspect ratios on recorded landmarks', () => {
  it('reads every real open-eyed face from the capture as open eyes and a closed mouth', () => {
    expect(openFaces.length).toBeGreaterThanOrEqual(10);
    for (const face of openFaces) {
      const { ear, mar } = measureFace(face.points);
      expect(ear).toBeGreaterThan(DEFAULT_THRESHOLDS.earOpen);
      expect(ear).toBeLessThan(0.45);
      expect(mar).toBeLessThan(DEFAULT_THRESHOLDS.marYawn);
    }
  });

  it('reads the closed-eye set as closed and the yawn set as a wide mouth with open eyes', () => {
    expect(CLOSED.leftEar).toBeLessThan(DEFAULT_THRESHOLDS.earClosed);
    expect(CLOSED.rightEar).toBeLessThan(DEFAULT_THRESHOLDS.earClosed);
    expect(CLOSED.mar).toBeCloseTo(OPEN.mar, 5);
    expect(YAWN.mar).toBeGreaterThan(DEFAULT_THRESHOLDS.marYawn);
    expect(YAWN.ear).toBeCloseTo(OPEN.ear, 5);
  });

  it('gives the same ratios whatever the face size, position or roll', () => {
    const angle = (25 * Math.PI) / 180;
    const moved = reference.points.map(({ x, y }: Point) => ({
      x: 40 + 0.5 * (x * Math.cos(angle) - y * Math.sin(angle)),
      y: -12 + 0.5 * (x * Math.sin(angle) + y * Math.cos(angle)),
    }));
    const again = measureFace(moved);
    expect(again.ear).toBeCloseTo(OPEN.ear, 6);
    expect(again.mar).toBeCloseTo(OPEN.mar, 6);
  });

  it('computes EAR and MAR by the textbook formula on hand-made points', () => {
    const eye = [
      { x: 0, y: 0 },
      { x: 1, y: -1 },
      { x: 3, y: -1 },
      { x: 4, y: 0 },
      { x: 3, y: 1 },
      { x: 1, y: 1 },
    ];
    expect(eyeAspectRatio(eye)).toBeCloseTo((2 + 2) / (2 * 4));
    const mouth = [
      { x: 0, y: 0 },
      { x: 1, y: -1 },
      { x: 2, y: -1 },
      { x: 3, y: -1 },
      { x: 4, y: 0 },
      { x: 3, y: 2 },
      { x: 2, y: 2 },
      { x: 1, y: 2 },
    ];
    expect(mouthAspectRatio(mouth)).toBeCloseTo((3 + 3 + 3) / (2 * 4));
  });

  it('rejects landmark sets of the wrong size with a clear error', () => {
    expect(() => measureFace(reference.points.slice(0, 67))).toThrow(
      'Expected 68 facial landmarks, got 67.',
    );
    expect(() => eyeAspectRatio([{ x: 0, y: 0 }])).toThrow(
      'An eye needs 6 landmark points, got 1.',
    );
  });
});

describe('the drowsiness state machine', () => {
  it('stays awake while the eyes are open and never sounds the alarm', () => {
    const { snapshots } = play(repeat(OPEN, 3000));
    expect(snapshots.every((snapshot) => snapshot.state === 'awake' && !snapshot.alarm)).toBe(true);
  });

  it('treats a blink as eyes closed, never as sleeping', () => {
    const { snapshots } = play([
      ...repeat(OPEN, 500),
      ...repeat(CLOSED, 300),
      ...repeat(OPEN, 3000),
    ]);
    const states = new Set(snapshots.map((snapshot) => snapshot.state));
    expect(states).toContain('eyes-closed');
    expect(states).not.toContain('sleeping');
    expect(snapshots.at(-1)?.state).toBe('awake');
  });

  it('reports sleeping once the eyes have been closed for two seconds, and wakes when they reopen', () => {
    const { snapshots } = play([
      ...repeat(OPEN, 1000),
      ...repeat(CLOSED, 3000),
      ...repeat(OPEN, 1000),
    ]);
    const closedAt = firstTime(snapshots, (s) => s.state === 'eyes-closed');
    const sleepingAt = firstTime(snapshots, (s) => s.state === 'sleeping');
    // Smoothing may delay "closed" by a frame; the two-second hold is counted from there.
    expect(closedAt).toBeGreaterThanOrEqual(1000);
    expect(closedAt).toBeLessThanOrEqual(1000 + 2 * FRAME_MS);
    expect(sleepingAt - closedAt).toBeGreaterThanOrEqual(2000);
    expect(sleepingAt - closedAt).toBeLessThan(2000 + FRAME_MS + 1);

    const sleeping = snapshots.filter((s) => s.state === 'sleeping');
    expect(sleeping.every((s) => s.alarm)).toBe(true);
    expect(snapshots.filter((s) => s.event === 'sleep-start')).toHaveLength(1);
    expect(snapshots.at(-1)).toMatchObject({ state: 'awake', alarm: false, eyesClosedMs: 0 });
  });

  it('silences the alarm on dismiss and re-arms it after the eyes have opened', () => {
    const monitor = createDrowsinessMonitor({ calibrationMs: 0 });
    let t = 0;
    const feed = (frame: Frame, durationMs: number) => {
      let last = monitor.update(frame, t);
      for (let elapsed = FRAME_MS; elapsed < durationMs; elapsed += FRAME_MS) {
        t += FRAME_MS;
        last = monitor.update(frame, t);
      }
      t += FRAME_MS;
      return last;
    };
    expect(feed(CLOSED, 2500)).toMatchObject({ state: 'sleeping', alarm: true });
    monitor.dismiss();
    expect(feed(CLOSED, 500)).toMatchObject({ state: 'sleeping', alarm: false });
    expect(feed(OPEN, 500)).toMatchObject({ state: 'awake', alarm: false });
    expect(feed(CLOSED, 2500)).toMatchObject({ state: 'sleeping', alarm: true });
  });

  it('detects a yawn held for most of a second, once, and ignores a brief open mouth', () => {
    const { snapshots } = play([
      ...repeat(OPEN, 500),
      ...repeat(YAWN, 300),
      ...repeat(OPEN, 500),
      ...repeat(YAWN, 1500),
      ...repeat(OPEN, 500),
    ]);
    const yawnAt = firstTime(snapshots, (s) => s.state === 'yawning');
    expect(yawnAt).toBeGreaterThanOrEqual(1300 + DEFAULT_THRESHOLDS.yawnAfterMs);
    expect(yawnAt).toBeLessThanOrEqual(1300 + DEFAULT_THRESHOLDS.yawnAfterMs + 2 * FRAME_MS);
    expect(snapshots.filter((s) => s.event === 'yawn-start')).toHaveLength(1);
    expect(snapshots.at(-1)).toMatchObject({ state: 'awake', yawnCount: 1, alarm: false });
  });

  it('keeps counting closed eyes through a brief face loss (a nodding head) but not a long one', () => {
    const nod = play([...repeat(CLOSED, 1000), ...repeat(null, 600), ...repeat(CLOSED, 800)]);
    expect(nod.snapshots.at(-1)?.state).toBe('sleeping');

    const away = play([...repeat(CLOSED, 1000), ...repeat(null, 1500)]);
    expect(away.snapshots.at(-1)).toMatchObject({
      state: 'no-face',
      ear: null,
      mar: null,
      alarm: false,
    });
  });

  it('learns the open-eye level while calibrating, then judges against it', () => {
    const squinter = openFaces.find((face) => face.image === 'sample1.jpg' && face.face === 0);
    if (!squinter) throw new Error('The fixture lost sample1.jpg face 0.');
    const baseline = measureFace(squinter.points);
    const { snapshots } = play([...repeat(baseline, 2000), ...repeat(CLOSED, 2500)], {
      calibrationMs: 1500,
    });

    expect(snapshots[0]?.state).toBe('calibrating');
    expect(firstTime(snapshots, (s) => s.state !== 'calibrating')).toBeGreaterThanOrEqual(1500);
    const afterCalibration = snapshots[Math.round(1800 / FRAME_MS)];
    expect(afterCalibration?.state).toBe('awake');
    expect(afterCalibration?.thresholds).toMatchObject(eyeThresholdsFromBaseline(baseline.ear));
    expect(afterCalibration?.thresholds.earClosed).toBeCloseTo(baseline.ear * 0.7, 6);
    expect(snapshots.at(-1)?.state).toBe('sleeping');
  });

  it('says no face rather than calibrating while nobody is in view, and calibrates once someone is', () => {
    const { snapshots } = play([...repeat(null, 1500), ...repeat(OPEN, 2000)], {
      calibrationMs: 1000,
    });
    expect(snapshots[0]?.state).toBe('no-face');
    expect(snapshots[Math.round(1400 / FRAME_MS)]?.state).toBe('no-face');
    expect(snapshots[Math.round(1600 / FRAME_MS)]?.state).toBe('calibrating');
    expect(snapshots.at(-1)?.state).toBe('awake');
  });

  it('clamps calibrated thresholds so extreme baselines stay usable', () => {
    expect(eyeThresholdsFromBaseline(0.1).earClosed).toBe(0.14);
    expect(eyeThresholdsFromBaseline(0.6).earClosed).toBe(0.26);
  });
});
