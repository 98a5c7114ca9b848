import { createAlarm } from './alarm.js';
import {
  createDrowsinessMonitor,
  LEFT_EYE,
  RIGHT_EYE,
  INNER_MOUTH,
  measureFace,
} from './detector.js';

/** Models are served from our own origin (copied from node_modules by scripts/copy-vendor.mjs). */
const MODEL_URL = new URL('vendor/models/', import.meta.url).href;
/** About 12 frames a second is plenty for 2-second and 0.8-second holds and spares the CPU. */
const FRAME_INTERVAL_MS = 80;

const STATE_TEXT = {
  idle: 'Not started',
  loading: 'Loading face models…',
  'waiting-camera': 'Waiting for the camera…',
  searching: 'Looking for a face…',
  calibrating: 'Calibrating: look at the camera with your eyes open',
  'no-face': 'No face in view',
  awake: 'Awake',
  'eyes-closed': 'Eyes closed',
  sleeping: 'Sleeping!',
  yawning: 'Yawning',
  stopped: 'Stopped',
  error: 'Not running',
};

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page is missing #${id}.`);
  return element;
}

const ui = {
  start: /** @type {HTMLButtonElement} */ (byId('start')),
  stop: /** @type {HTMLButtonElement} */ (byId('stop')),
  testSound: /** @type {HTMLButtonElement} */ (byId('test-sound')),
  dismiss: /** @type {HTMLButtonElement} */ (byId('dismiss')),
  message: byId('message'),
  video: /** @type {HTMLVideoElement} */ (byId('video')),
  overlay: /** @type {HTMLCanvasElement} */ (byId('overlay')),
  placeholder: byId('stage-placeholder'),
  state: byId('state'),
  earMeter: /** @type {HTMLMeterElement} */ (byId('ear-meter')),
  earValue: byId('ear-value'),
  marMeter: /** @type {HTMLMeterElement} */ (byId('mar-meter')),
  marValue: byId('mar-value'),
  closedFor: byId('closed-for'),
  yawns: byId('yawns'),
  threshold: byId('threshold'),
  alarm: byId('alarm'),
};

const alarm = createAlarm();
/** @type {MediaStream | null} */
let stream = null;
let running = false;
let modelsLoaded = false;
/** @type {ReturnType<typeof createDrowsinessMonitor> | null} */
let monitor = null;

/** @param {keyof typeof STATE_TEXT} state */
function showState(state) {
  // Rewriting identical text would make screen readers re-announce the live region every frame.
  if (ui.state.dataset.state === state) return;
  ui.state.textContent = STATE_TEXT[state];
  ui.state.dataset.state = state;
  document.body.dataset.state = state;
}

/**
 * @param {string} title
 * @param {string} detail
 */
function showMessage(title, detail) {
  ui.message.replaceChildren();
  const heading = document.createElement('strong');
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = detail;
  ui.message.append(heading, text);
  ui.message.hidden = false;
}

function clearMessage() {
  ui.message.hidden = true;
  ui.message.replaceChildren();
}

/** @param {unknown} error */
function explainCameraError(error) {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return [
        'Camera access was refused.',
        'The tool needs to see your face. Allow camera access for this site (usually the camera icon in the address bar), then press Start again.',
      ];
    case 'NotFoundError':
    case 'OverconstrainedError':
      return [
        'No camera was found.',
        'Connect a webcam or open this page on a phone or laptop with a front camera, then press Start again.',
      ];
    case 'NotReadableError':
    case 'AbortError':
      return [
        'The camera is busy.',
        'Another app or browser tab is using the camera. Close it, then press Start again.',
      ];
    default:
      return [
        'The camera could not be started.',
        `Your browser reported: ${error instanceof Error ? error.message : String(error)}`,
      ];
  }
}

async function loadModels() {
  const faceapi = window.faceapi;
  if (!faceapi) {
    throw new Error('The face detection library (vendor/face-api.js) did not load.');
  }
  // WebGL is much faster; machines without it (or headless browsers) fall back to the CPU backend.
  // The WASM backend is skipped on purpose: it would download its binary from elsewhere.
  const webgl = await faceapi.tf.setBackend('webgl').catch(() => false);
  if (!webgl) await faceapi.tf.setBackend('cpu');
  await faceapi.tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromUri(MODEL_URL);
  await faceapi.nets.faceLandmark68TinyNet.loadFromUri(MODEL_URL);
  modelsLoaded = true;
}

/** @param {number | null} value @param {HTMLMeterElement} meter @param {HTMLElement} label */
function showRatio(value, meter, label) {
  meter.value = value ?? 0;
  label.textContent = value === null ? '–' : value.toFixed(2);
}

/**
 * @param {{ x: number, y: number }[] | null} points
 * @param {string} state
 */
function drawOverlay(points, state) {
  const { overlay, video } = ui;
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (overlay.width !== width || overlay.height !== height) {
    overlay.width = width;
    overlay.height = height;
  }
  const ctx = overlay.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  if (!points) return;
  const colour = state === 'sleeping' ? '#f87171' : state === 'yawning' ? '#fbbf24' : '#34d399';
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = Math.max(2, width / 320);
  for (const indices of [RIGHT_EYE, LEFT_EYE, INNER_MOUTH]) {
    ctx.beginPath();
    indices.forEach((index, i) => {
      const point = points[index];
      if (!point) return;
      if (i === 0) ctx.moveTo(point.x, point.y);
      else ctx.lineTo(point.x, point.y);
    });
    ctx.closePath();
    ctx.stroke();
  }
}

/**
 * Shows or hides the full-screen alarm, moving focus to its button so a keyboard or screen-reader
 * user can silence it at once, and back to Stop when it closes.
 * @param {boolean} visible
 */
function showAlarm(visible) {
  if (ui.alarm.hidden === !visible) return;
  ui.alarm.hidden = !visible;
  if (visible) ui.dismiss.focus();
  else if (running) ui.stop.focus();
}

/** @param {ReturnType<ReturnType<typeof createDrowsinessMonitor>['update']>} snapshot */
function render(snapshot) {
  showState(snapshot.state);
  showRatio(snapshot.ear, ui.earMeter, ui.earValue);
  showRatio(snapshot.mar, ui.marMeter, ui.marValue);
  ui.closedFor.textContent = `${(snapshot.eyesClosedMs / 1000).toFixed(1)} s`;
  ui.yawns.textContent = String(snapshot.yawnCount);
  ui.threshold.textContent = !snapshot.calibrated
    ? 'learning…'
    : snapshot.thresholds.earClosed.toFixed(2);
  ui.earMeter.low = snapshot.thresholds.earClosed;

  if (snapshot.alarm) alarm.startSiren();
  else alarm.stopSiren();
  showAlarm(snapshot.alarm);
  if (snapshot.event === 'yawn-start') alarm.beep();
}

async function detectLoop() {
  const faceapi = window.faceapi;
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.45 });
  while (running && monitor) {
    const frameStart = performance.now();
    if (ui.video.readyState >= 2) {
      const result = await faceapi.detectSingleFace(ui.video, options).withFaceLandmarks(true);
      if (!running || !monitor) break;
      const points = result ? result.landmarks.positions.map(({ x, y }) => ({ x, y })) : null;
      const snapshot = monitor.update(points ? measureFace(points) : null, performance.now());
      render(snapshot);
      drawOverlay(points, snapshot.state);
    }
    const wait = Math.max(0, FRAME_INTERVAL_MS - (performance.now() - frameStart));
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function stop(finalState = 'stopped') {
  running = false;
  monitor = null;
  stream?.getTracks().forEach((track) => track.stop());
  stream = null;
  ui.video.srcObject = null;
  alarm.stopSiren();
  showAlarm(false);
  drawOverlay(null, 'stopped');
  ui.placeholder.hidden = false;
  ui.start.hidden = false;
  ui.start.disabled = false;
  ui.stop.hidden = true;
  showState(/** @type {keyof typeof STATE_TEXT} */ (finalState));
}

async function start() {
  clearMessage();
  ui.start.disabled = true;
  // Created inside the click so browsers allow the alarm to sound later without another gesture.
  alarm.prime();

  if (!navigator.mediaDevices?.getUserMedia) {
    showMessage(
      'This browser cannot use the camera here.',
      window.isSecureContext
        ? 'Your browser does not support camera access (getUserMedia). Try a current Chrome, Edge, Firefox or Safari.'
        : 'Camera access only works on a secure (https) page. Open the site over https and try again.',
    );
    stop('error');
    return;
  }

  if (!modelsLoaded) {
    showState('loading');
    try {
      await loadModels();
    } catch (error) {
      showMessage(
        'The face models could not be loaded.',
        `${error instanceof Error ? error.message : String(error)} Check your connection to this site and reload the page.`,
      );
      stop('error');
      return;
    }
  }

  showState('waiting-camera');
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
      audio: false,
    });
  } catch (error) {
    const [title, detail] = explainCameraError(error);
    showMessage(title, detail);
    stop('error');
    return;
  }

  const [track] = stream.getVideoTracks();
  track?.addEventListener('ended', () => {
    if (!running) return;
    showMessage(
      'The camera stopped.',
      'The camera was disconnected or switched off. Press Start to try again.',
    );
    stop('error');
  });

  ui.video.srcObject = stream;
  await ui.video.play();
  ui.placeholder.hidden = true;
  ui.start.hidden = true;
  ui.stop.hidden = false;
  ui.stop.focus();
  monitor = createDrowsinessMonitor();
  running = true;
  showState('searching');
  void detectLoop().catch((error) => {
    showMessage(
      'Face tracking stopped unexpectedly.',
      error instanceof Error ? error.message : String(error),
    );
    stop('error');
  });
}

ui.start.addEventListener('click', () => void start());
ui.stop.addEventListener('click', () => stop());
ui.dismiss.addEventListener('click', () => {
  monitor?.dismiss();
  alarm.stopSiren();
  showAlarm(false);
});
ui.testSound.addEventListener('click', () => {
  if (!alarm.supported) {
    showMessage(
      'Sound is not available.',
      'This browser does not support the Web Audio API, so the alarm cannot play.',
    );
    return;
  }
  if (alarm.sounding) return;
  alarm.startSiren();
  setTimeout(() => {
    if (!ui.alarm.hidden) return;
    alarm.stopSiren();
  }, 1200);
});

showState('idle');
