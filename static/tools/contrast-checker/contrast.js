/** WCAG 2.x contrast ratio between two sRGB colours. */

/** @param {string} value @returns {[number, number, number] | null} */
function parseHex(value) {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** @param {[number, number, number]} rgb */
function luminance(rgb) {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** @param {string} id */
const byId = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
const fields = { fg: [byId('fg'), byId('fg-text')], bg: [byId('bg'), byId('bg-text')] };

/** @param {string} id @param {boolean} pass */
function verdict(id, pass) {
  const cell = byId(id);
  cell.textContent = pass ? 'Pass' : 'Fail';
  cell.className = pass ? 'pass' : 'fail';
}

function update() {
  const fg = parseHex(fields.fg[1].value);
  const bg = parseHex(fields.bg[1].value);
  const error = byId('error');
  if (!fg || !bg) {
    error.textContent = `Enter colours as hex codes like #1d4ed8 or #fff (${!fg ? 'text' : 'background'} colour is not one).`;
    error.hidden = false;
    return;
  }
  error.hidden = true;
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  const ratio = (light + 0.05) / (dark + 0.05);
  const preview = byId('preview');
  preview.style.color = `rgb(${fg.join(',')})`;
  preview.style.background = `rgb(${bg.join(',')})`;
  byId('ratio').textContent = `${(Math.floor(ratio * 100) / 100).toFixed(2)} : 1`;
  verdict('normal-aa', ratio >= 4.5);
  verdict('normal-aaa', ratio >= 7);
  verdict('large-aa', ratio >= 3);
  verdict('large-aaa', ratio >= 4.5);
}

for (const [picker, text] of Object.values(fields)) {
  picker.addEventListener('input', () => {
    text.value = picker.value;
    update();
  });
  text.addEventListener('input', () => {
    const rgb = parseHex(text.value);
    if (rgb) picker.value = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    update();
  });
}
update();
