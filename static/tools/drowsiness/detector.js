/**
 * Drowsiness detection over 68-point facial landmarks (iBUG 300-W layout, as produced by
 * face-api's landmark models). Pure functions and a small state machine, no DOM, no camera:
 * the page feeds it one measurement per video frame, and Jest feeds it recorded landmark data.
 *
 * Eye aspect ratio (Soukupová & Čech, 2016): (|p2−p6| + |p3−p5|) / (2·|p1−p4|). It is ~0.25–0.35
 * for an open eye and falls towards 0 as the lids meet, whatever the face's size or roll.
 * Mouth aspect ratio uses the inner lip contour the same way, so it is ~0 with lips together and
 * climbs past ~0.6 only when the jaw drops as in a yawn (speech stays lower).
 */

/** @typedef {{ x: number, y: number }} Point */
/** @typedef {{ leftEar: number, rightEar: number, ear: number, mar: number }} Measurement */
/**
 * @typedef {'calibrating' | 'no-face' | 'awake' | 'eyes-closed' | 'sleeping' | 'yawning'} DrowsinessState
 */
/**
 * @typedef {object} Thresholds
 * @property {number} earClosed Eyes count as closed when the mean EAR drops below this.
 * @property {number} earOpen Once closed, eyes count as open again only above this (hysteresis,
 *   so a noisy EAR hovering at the threshold does not flicker between states).
 * @property {number} marYawn The mouth counts as wide open above this MAR.
 * @property {number} marYawnEnd Once wide open, it counts as closed again only below this.
 * @property {number} sleepAfterMs Eyes held closed this long means "sleeping" (a blink is ~100–400 ms).
 * @property {number} yawnAfterMs Mouth held wide open this long means "yawning" (speech never holds it).
 * @property {number} faceLostGraceMs A face missing for less than this keeps the last state, since
 *   a nodding head is briefly lost by the detector exactly when the alarm matters most.
 * @property {number} calibrationMs Time with a face in view spent learning the user's open-eye EAR
 *   before judging; 0 keeps the fixed earClosed/earOpen.
 * @property {number} smoothing Share of the previous value kept in the running average (0–1).
 */
/**
 * @typedef {object} Snapshot
 * @property {DrowsinessState} state
 * @property {number | null} ear Smoothed mean eye aspect ratio, null without a face.
 * @property {number | null} mar Smoothed mouth aspect ratio, null without a face.
 * @property {number} eyesClosedMs How long the eyes have been closed so far.
 * @property {boolean} alarm True while the sleeping alarm should sound (not dismissed).
 * @property {number} yawnCount Yawns seen since start.
 * @property {'sleep-start' | 'yawn-start' | null} event A transition worth reacting to on this frame.
 * @property {Thresholds} thresholds The thresholds in force (after calibration).
 * @property {boolean} calibrated False until the open-eye level has been learnt.
 */

export const RIGHT_EYE = [36, 37, 38, 39, 40, 41];
export const LEFT_EYE = [42, 43, 44, 45, 46, 47];
export const INNER_MOUTH = [60, 61, 62, 63, 64, 65, 66, 67];

/** @type {Readonly<Thresholds>} */
export const DEFAULT_THRESHOLDS = Object.freeze({
  earClosed: 0.2,
  earOpen: 0.24,
  marYawn: 0.6,
  marYawnEnd: 0.45,
  sleepAfterMs: 2000,
  yawnAfterMs: 800,
  faceLostGraceMs: 1000,
  calibrationMs: 1500,
  smoothing: 0.4,
});

/**
 * @param {Point} a
 * @param {Point} b
 */
export function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * @param {readonly Point[]} eye The six eye points in landmark order (outer corner first).
 * @returns {number}
 */
export function eyeAspectRatio(eye) {
  if (eye.length !== 6) throw new RangeError(`An eye needs 6 landmark points, got ${eye.length}.`);
  const [p1, p2, p3, p4, p5, p6] = /** @type {[Point, Point, Point, Point, Point, Point]} */ (eye);
  const width = distance(p1, p4);
  return width === 0 ? 0 : (distance(p2, p6) + distance(p3, p5)) / (2 * width);
}

/**
 * @param {readonly Point[]} mouth The eight inner-lip points, landmarks 60–67 in order.
 * @returns {number}
 */
export function mouthAspectRatio(mouth) {
  if (mouth.length !== 8)
    throw new RangeError(`The inner mouth needs 8 landmark points, got ${mouth.length}.`);
  const [m60, m61, m62, m63, m64, m65, m66, m67] = /** @type {Point[]} */ (mouth);
  const width = distance(m60, m64);
  return width === 0
    ? 0
    : (distance(m61, m67) + distance(m62, m66) + distance(m63, m65)) / (2 * width);
}

/**
 * @param {readonly Point[]} points All 68 landmarks of one face.
 * @returns {Measurement}
 */
export function measureFace(points) {
  if (points.length !== 68)
    throw new RangeError(`Expected 68 facial landmarks, got ${points.length}.`);
  /** @param {number[]} indices */
  const pick = (indices) => indices.map((index) => /** @type {Point} */ (points[index]));
  const rightEar = eyeAspectRatio(pick(RIGHT_EYE));
  const leftEar = eyeAspectRatio(pick(LEFT_EYE));
  return {
    leftEar,
    rightEar,
    ear: (leftEar + rightEar) / 2,
    mar: mouthAspectRatio(pick(INNER_MOUTH)),
  };
}

/**
 * Closed-eye thresholds scaled to one person's open-eye EAR: eyes count as closed below 70% of
 * their usual openness. Clamped so a squinting calibration cannot make blinks impossible to see.
 * @param {number} openEar
 * @returns {{ earClosed: number, earOpen: number }}
 */
export function eyeThresholdsFromBaseline(openEar) {
  const earClosed = Math.min(0.26, Math.max(0.14, openEar * 0.7));
  return { earClosed, earOpen: earClosed + 0.04 };
}

/**
 * Turns per-frame measurements into a state that only changes after a condition has been held
 * long enough: closed eyes for `sleepAfterMs` → "sleeping", a wide mouth for `yawnAfterMs` →
 * "yawning". Times are caller-supplied milliseconds (performance.now() in the page, synthetic in
 * tests), so the machine is deterministic.
 * @param {Partial<Thresholds>} [options]
 */
export function createDrowsinessMonitor(options = {}) {
  /** @type {Thresholds} */
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options };
  /** @type {DrowsinessState} */
  let state = 'no-face';
  /** @type {number | null} */ let ear = null;
  /** @type {number | null} */ let mar = null;
  /** @type {number | null} */ let lastFaceAt = null;
  /** @type {number | null} */ let closedSince = null;
  /** @type {number | null} */ let mouthOpenSince = null;
  /** @type {number | null} */ let calibrationStart = null;
  /** @type {number[]} */ let calibrationSamples = [];
  let calibrated = thresholds.calibrationMs <= 0;
  let eyesClosed = false;
  let mouthWide = false;
  let dismissed = false;
  let yawnCount = 0;
  // Each closed-eye and wide-mouth episode reports its event once, whatever the state in between.
  let sleepReported = false;
  let yawnReported = false;

  /** @param {number | null} previous @param {number} next */
  const smooth = (previous, next) =>
    previous === null ? next : previous * thresholds.smoothing + next * (1 - thresholds.smoothing);

  /**
   * @param {number} now
   * @param {'sleep-start' | 'yawn-start' | null} event
   * @returns {Snapshot}
   */
  const snapshot = (now, event) => ({
    state,
    ear,
    mar,
    eyesClosedMs: closedSince === null ? 0 : now - closedSince,
    alarm: state === 'sleeping' && !dismissed,
    yawnCount,
    event,
    thresholds: { ...thresholds },
    calibrated,
  });

  /** @param {number} now */
  const loseFace = (now) => {
    state = 'no-face';
    ear = null;
    mar = null;
    closedSince = null;
    mouthOpenSince = null;
    eyesClosed = false;
    mouthWide = false;
    dismissed = false;
    sleepReported = false;
    yawnReported = false;
    if (!calibrated) {
      calibrationStart = null;
      calibrationSamples = [];
    }
    return snapshot(now, null);
  };

  return {
    /**
     * Feed one video frame's result.
     * @param {Measurement | null} measurement null when no face was found in the frame.
     * @param {number} now Milliseconds on a monotonic clock.
     * @returns {Snapshot}
     */
    update(measurement, now) {
      if (measurement === null) {
        if (lastFaceAt !== null && now - lastFaceAt < thresholds.faceLostGraceMs) {
          return this.hold(now);
        }
        lastFaceAt = null;
        return loseFace(now);
      }
      lastFaceAt = now;
      ear = smooth(ear, measurement.ear);
      mar = smooth(mar, measurement.mar);

      if (!calibrated) {
        calibrationStart ??= now;
        calibrationSamples.push(measurement.ear);
        if (now - calibrationStart < thresholds.calibrationMs) {
          state = 'calibrating';
          return snapshot(now, null);
        }
        const sorted = [...calibrationSamples].sort((a, b) => a - b);
        // The median ignores the blinks that happen while calibrating.
        Object.assign(
          thresholds,
          eyeThresholdsFromBaseline(/** @type {number} */ (sorted[Math.floor(sorted.length / 2)])),
        );
        calibrated = true;
      }

      eyesClosed = eyesClosed ? ear < thresholds.earOpen : ear < thresholds.earClosed;
      mouthWide = mouthWide ? mar > thresholds.marYawnEnd : mar > thresholds.marYawn;
      if (eyesClosed) closedSince ??= now;
      else {
        closedSince = null;
        sleepReported = false;
      }
      if (mouthWide) mouthOpenSince ??= now;
      else {
        mouthOpenSince = null;
        yawnReported = false;
      }
      return this.hold(now);
    },

    /**
     * Re-evaluates the held conditions at `now` without a new measurement (used while the face is
     * briefly lost, so a sleeping state can still be reached).
     * @param {number} now
     * @returns {Snapshot}
     */
    hold(now) {
      const previous = state;
      const sleeping = closedSince !== null && now - closedSince >= thresholds.sleepAfterMs;
      const yawning = mouthOpenSince !== null && now - mouthOpenSince >= thresholds.yawnAfterMs;
      if (sleeping) state = 'sleeping';
      else if (yawning) state = 'yawning';
      else if (closedSince !== null) state = 'eyes-closed';
      else if (previous !== 'calibrating' || calibrated) state = 'awake';
      if (state !== 'sleeping') dismissed = false;

      /** @type {'sleep-start' | 'yawn-start' | null} */
      let event = null;
      if (sleeping && !sleepReported) {
        sleepReported = true;
        event = 'sleep-start';
      } else if (yawning && !yawnReported) {
        yawnReported = true;
        yawnCount += 1;
        event = 'yawn-start';
      }
      return snapshot(now, event);
    },

    /** Silences the current sleeping alarm; it re-arms once the eyes have opened. */
    dismiss() {
      if (state === 'sleeping') dismissed = true;
    },

    /** @returns {DrowsinessState} */
    get state() {
      return state;
    },
  };
}
