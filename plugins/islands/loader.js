/* global ISLAND_FILES */
/**
 * The island loader: the one script a document page carries, and only where it has an island
 * (or a signed-in member of staff asks for it). The build fills in ISLAND_FILES, each island's
 * entry with the files it needs in order, and minifies this file into public/islands/.
 *
 * - An island marked data-island-load="now" loads at once, and so does one marked "query" when
 *   the address has a query string; every other one when it takes focus or a pointer, or comes
 *   within 400 px of the viewport once the visitor has acted on the page (scrolled, moved the
 *   pointer, touched it or pressed a key) and the browser is idle, so a page that is only read
 *   costs no script beyond this one; one marked "interaction" only on focus or a pointer.
 * - An island marked data-island-stored="<key>" loads at once when localStorage holds that key
 *   (what this browser kept for it: the giveaway's entry, shown on a return visit).
 * - The staff menu's island ("staff-menu") loads only when the aw_staff hint cookie is set; the
 *   server confirms who is signed in.
 * - A click on a button of an island that is not hydrated yet, a form submitted from it, or a
 *   choice made in one of its lists or boxes, is held and the island loaded (a link is followed as usual); the island's entry replays it once hydrated
 *   (src/islands/hydrate.tsx). Text typed meanwhile stays in the fields: hydration keeps the DOM.
 */
(function () {
  var FILES = ISLAND_FILES;
  var global = (window.__islands = window.__islands || { mount: {}, pending: {} });
  var added = {};
  var ATTR = 'data-island';
  var HYDRATED = 'data-island-hydrated';

  function load(name) {
    (FILES[name] || []).forEach(function (src) {
      if (added[src]) return;
      added[src] = 1;
      var script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    });
  }

  function activate(element) {
    if (element.__islandActive) return;
    element.__islandActive = 1;
    var name = element.getAttribute(ATTR);
    var mount = global.mount[name];
    if (mount) return mount(element);
    (global.pending[name] = global.pending[name] || []).push(element);
    load(name);
  }

  function islandOf(target) {
    var element = target && target.closest ? target.closest('[' + ATTR + ']') : null;
    return element && !element.hasAttribute(HYDRATED) ? element : null;
  }

  var staff = /(^|;\s*)aw_staff=1(;|$)/.test(document.cookie);
  var near = [];

  function observeWhenIdle() {
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          observer.unobserve(entry.target);
          activate(entry.target.closest('[' + ATTR + ']'));
        });
      },
      { rootMargin: '400px 0px' },
    );
    near.forEach(function (element) {
      // The island's element has no box of its own (display: contents): its content has.
      observer.observe(element.firstElementChild || element);
    });
  }

  function stored(key) {
    try {
      return !!key && localStorage.getItem(key) !== null;
    } catch (blocked) {
      // Storage switched off (a private mode): nothing is kept.
      return !blocked;
    }
  }

  function start() {
    document.querySelectorAll('[' + ATTR + ']').forEach(function (element) {
      var when = element.getAttribute('data-island-load');
      if (stored(element.getAttribute('data-island-stored'))) return activate(element);
      if (when === 'staff') {
        if (staff) activate(element);
        return;
      }
      if (when === 'now' || (when === 'query' && location.search.length > 1)) {
        return activate(element);
      }
      if (when !== 'interaction') near.push(element);
      ['focusin', 'pointerover', 'pointerdown', 'touchstart'].forEach(function (type) {
        element.addEventListener(
          type,
          function () {
            activate(element);
          },
          { once: true, passive: true },
        );
      });
    });

    if (near.length) {
      // Reading costs nothing: islands near the viewport load only once the visitor acts on the
      // page (scrolls, moves the pointer, touches it or presses a key), then when idle.
      var acted = false;
      var activity = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown'];
      var onActivity = function () {
        if (acted) return;
        acted = true;
        activity.forEach(function (type) {
          removeEventListener(type, onActivity, true);
        });
        if (!('IntersectionObserver' in window)) return near.forEach(activate);
        if ('requestIdleCallback' in window) requestIdleCallback(observeWhenIdle, { timeout: 500 });
        else setTimeout(observeWhenIdle, 50);
      };
      activity.forEach(function (type) {
        addEventListener(type, onActivity, { capture: true, passive: true });
      });
    }
  }
  // The loader is async: it may run before the page's body has been parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();

  // Held until hydration: a click on a button, a form submitted by Enter.
  document.addEventListener(
    'click',
    function (event) {
      var element = islandOf(event.target);
      if (!element) return;
      // A link still goes where it points; a button waits for the island to be hydrated.
      var control = event.target.closest('button,summary,[role="button"]');
      if (!control || !element.contains(control)) return;
      event.preventDefault();
      element.__islandHeld = { click: control };
      activate(element);
    },
    true,
  );
  // A choice made in a list, box or button group before hydration: kept with its value, the
  // island loaded, and the choice made again once it is hydrated.
  document.addEventListener(
    'change',
    function (event) {
      var element = islandOf(event.target);
      if (!element || element.__islandHeld) return;
      var control = event.target;
      if (!control || (control.tagName !== 'SELECT' && control.tagName !== 'INPUT')) return;
      element.__islandHeld = {
        change: { control: control, value: control.value, checked: !!control.checked },
      };
      activate(element);
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      var element = islandOf(event.target);
      if (!element) return;
      event.preventDefault();
      element.__islandHeld = { submit: { form: event.target, submitter: event.submitter || null } };
      activate(element);
    },
    true,
  );
})();
