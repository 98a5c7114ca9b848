/** Pomodoro timer. Time is derived from a stored end timestamp so it survives reloads and tab sleep. */
const MINUTES = { focus: 25, short: 5, long: 15 };
const KEY = 'focus-timer-v1';

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const clock = byId('clock');
const toggle = /** @type {HTMLButtonElement} */ (byId('toggle'));
const rounds = byId('rounds');
const modeButtons = /** @type {HTMLButtonElement[]} */ ([
  ...document.querySelectorAll('[data-mode]'),
]);

const today = new Date().toDateString();
const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
/** @type {{ mode: 'focus' | 'short' | 'long', endsAt: number | null, remainingMs: number, done: number, day: string }} */
const state =
  saved && saved.day === today
    ? saved
    : { mode: 'focus', endsAt: null, remainingMs: MINUTES.focus * 60_000, done: 0, day: today };
/** @type {number | undefined} */
let tick;

const save = () => localStorage.setItem(KEY, JSON.stringify(state));
const remaining = () =>
  state.endsAt === null ? state.remainingMs : Math.max(0, state.endsAt - Date.now());

function chime() {
  const Context = window.AudioContext;
  if (!Context) return;
  const ctx = new Context();
  [880, 1175, 1568].forEach((frequency, i) => {
    const at = ctx.currentTime + i * 0.18;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    const osc = ctx.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.55);
  });
}

function render() {
  const ms = remaining();
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const text = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  clock.textContent = text;
  document.title = `${state.endsAt === null ? '' : `${text} · `}Focus Timer · Vibe Projects · AgentWorks`;
  toggle.textContent = state.endsAt === null ? 'Start' : 'Pause';
  rounds.textContent = `Focus rounds finished today: ${state.done}`;
  modeButtons.forEach((button) =>
    button.setAttribute('aria-pressed', String(button.dataset.mode === state.mode)),
  );
}

/** @param {'focus' | 'short' | 'long'} mode */
function setMode(mode) {
  state.mode = mode;
  state.endsAt = null;
  state.remainingMs = MINUTES[mode] * 60_000;
  save();
  render();
}

function run() {
  clearInterval(tick);
  tick = window.setInterval(() => {
    if (remaining() > 0) return render();
    clearInterval(tick);
    chime();
    if (state.mode === 'focus') {
      state.done += 1;
      setMode(state.done % 4 === 0 ? 'long' : 'short');
    } else {
      setMode('focus');
    }
  }, 250);
}

toggle.addEventListener('click', () => {
  if (state.endsAt === null) {
    state.endsAt = Date.now() + state.remainingMs;
    run();
  } else {
    state.remainingMs = remaining();
    state.endsAt = null;
    clearInterval(tick);
  }
  save();
  render();
});
byId('reset').addEventListener('click', () => setMode(state.mode));
modeButtons.forEach((button) =>
  button.addEventListener('click', () =>
    setMode(/** @type {'focus' | 'short' | 'long'} */ (button.dataset.mode)),
  ),
);

if (state.endsAt !== null) run();
render();
