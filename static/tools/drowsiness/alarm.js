/**
 * Alarm sounds made with the Web Audio API, so the tool needs no audio files. Browsers only let a
 * page start audio after a user gesture, so `prime()` must be called from the Start click.
 */

/** @returns {AudioContext | null} */
function newContext() {
  const Context = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
  return Context ? new Context() : null;
}

export function createAlarm() {
  /** @type {AudioContext | null} */
  let context = null;
  /** @type {{ stop: () => void } | null} */
  let siren = null;

  /** @returns {AudioContext | null} */
  function prime() {
    context ??= newContext();
    if (context && context.state === 'suspended') void context.resume();
    return context;
  }

  /** A square wave swept up and down by a second oscillator: loud and hard to sleep through. */
  function startSiren() {
    const ctx = prime();
    if (!ctx || siren) return;
    const volume = ctx.createGain();
    volume.gain.setValueAtTime(0, ctx.currentTime);
    volume.gain.linearRampToValueAtTime(0.8, ctx.currentTime + 0.05);
    const tone = ctx.createOscillator();
    tone.type = 'square';
    tone.frequency.value = 900;
    const sweep = ctx.createOscillator();
    sweep.frequency.value = 3;
    const sweepDepth = ctx.createGain();
    sweepDepth.gain.value = 350;
    sweep.connect(sweepDepth).connect(tone.frequency);
    tone.connect(volume).connect(ctx.destination);
    tone.start();
    sweep.start();
    siren = {
      stop() {
        const end = ctx.currentTime + 0.08;
        volume.gain.cancelScheduledValues(ctx.currentTime);
        volume.gain.setValueAtTime(volume.gain.value, ctx.currentTime);
        volume.gain.linearRampToValueAtTime(0, end);
        tone.stop(end);
        sweep.stop(end);
      },
    };
  }

  function stopSiren() {
    siren?.stop();
    siren = null;
  }

  /** Three short high beeps: a nudge for a yawn, not a full alarm. */
  function beep() {
    const ctx = prime();
    if (!ctx) return;
    const start = ctx.currentTime + 0.02;
    for (let i = 0; i < 3; i += 1) {
      const at = start + i * 0.25;
      const volume = ctx.createGain();
      volume.gain.setValueAtTime(0, at);
      volume.gain.linearRampToValueAtTime(0.6, at + 0.01);
      volume.gain.setValueAtTime(0.6, at + 0.14);
      volume.gain.linearRampToValueAtTime(0, at + 0.16);
      const tone = ctx.createOscillator();
      tone.type = 'triangle';
      tone.frequency.value = 1320;
      tone.connect(volume).connect(ctx.destination);
      tone.start(at);
      tone.stop(at + 0.18);
    }
  }

  return {
    prime,
    startSiren,
    stopSiren,
    beep,
    get supported() {
      return Boolean(window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext);
    },
    get sounding() {
      return siren !== null;
    },
  };
}
