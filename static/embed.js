/*
 * Queue Lab embeds: turns every <pre data-queuelab> on a page into a live Queue Lab widget.
 *
 *   <script src="https://example.org/queuelab/embed.js" defer></script>
 *   <pre data-queuelab data-dialect="postgresql">SELECT 1;</pre>
 *
 * Each pre is kept in the page, hidden, so its SQL stays readable by search engines and by
 * readers without JavaScript; an iframe showing the app in embed mode goes in front of it.
 * The app is loaded from the directory this script was loaded from, so hosting both on any
 * static server (GitHub Pages included) is enough: no special headers are needed.
 *
 * Attributes of the pre: data-dialect (mysql, postgresql, mssql), data-permutation (a spec's
 * permutation line), data-autorun, data-editable (present or "true": on; "false": off),
 * data-height (a fixed height in px; otherwise the widget sizes itself to its content).
 *
 * Every message a widget posts ({source: 'queuelab', id, type, ...}) is also dispatched on
 * its iframe as a bubbling CustomEvent named 'queuelab' with the message as its detail.
 * window.QueueLab.scan() converts pres added to the page later.
 */
(function () {
  'use strict';

  // A second copy of this script (two tags, or a page and a theme that both include it)
  // must not convert the pres again, number widgets from 0 again or answer every message
  // twice: it hands over to the first copy.
  if (window.QueueLab && typeof window.QueueLab.scan === 'function') {
    whenReady(window.QueueLab.scan);
    return;
  }

  // document.currentScript is only set while this script first runs, so the app's address
  // is worked out now. Without it (a script loaded in some unusual way) the page's own
  // directory is the best guess.
  const script = document.currentScript;
  const base = new URL('./', (script && script.src) || findScriptSrc() || location.href).href;

  const START_HEIGHT = 360;
  // How long a widget may take to say ready before the next one starts loading anyway.
  const TURN_MS = 2000;
  let nextId = 0;
  // Widgets load one at a time, in page order. Iframes of one origin share one main thread:
  // started together, each waits for the others and all become live late; in turn, the first
  // is live in about a third of the time and the rest follow it.
  const queue = [];
  let loading = null;
  let turnTimer = 0;
  // The iframes this script made (and whether their height is fixed): resize messages only
  // ever resize one of these. Weak, so a widget the page removes is forgotten.
  const widgets = new WeakMap();

  function findScriptSrc() {
    const tags = document.querySelectorAll('script[src]');
    for (let i = tags.length - 1; i >= 0; i--) {
      if (/(^|\/)embed\.js([?#]|$)/.test(tags[i].src)) return tags[i].src;
    }
    return '';
  }

  function whenReady(fn) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () { fn(); });
    } else {
      fn();
    }
  }

  // A boolean attribute that can also be switched off explicitly: present (any value but
  // "false") means on, so both <pre data-autorun> and data-autorun="true" work.
  function flag(el, name) {
    const value = el.getAttribute(name);
    return value !== null && value.trim().toLowerCase() !== 'false';
  }

  // Positive pixel count, or null (the widget then sizes itself).
  function pixels(value) {
    const n = parseFloat(value);
    return isFinite(n) && n > 0 ? Math.round(n) : null;
  }

  function widgetUrl(pre, id) {
    // Authors start the SQL on the line after the opening tag. The HTML parser drops that
    // newline right after <pre>, but not after <pre><code>, nor in a pre built by a script,
    // so one leading newline goes here; any other whitespace belongs to the SQL.
    const text = pre.textContent.replace(/^\r?\n/, '');
    let query = '?embed&id=' + id;
    if (flag(pre, 'data-autorun')) query += '&autorun';
    if (flag(pre, 'data-editable')) query += '&editable';
    const permutation = pre.getAttribute('data-permutation');
    if (permutation && permutation.trim()) {
      query += '&permutation=' + encodeURIComponent(permutation.trim());
    }
    // The SQL travels in the fragment: it never reaches the server (no request-size limits,
    // nothing in its logs), and the app already reads share links from there.
    let fragment = '#';
    const dialect = pre.getAttribute('data-dialect');
    if (dialect && dialect.trim()) {
      fragment += 'dialect=' + encodeURIComponent(dialect.trim()) + '&';
    }
    fragment += 'sql=' + encodeURIComponent(text);
    return base + query + fragment;
  }

  function convert(pre) {
    const id = String(nextId++);
    const fixed = pixels(pre.getAttribute('data-height'));
    const frame = document.createElement('iframe');
    frame.className = 'queuelab-embed';
    frame.setAttribute('data-queuelab-id', id);
    frame.title = pre.title ? 'Queue Lab: ' + pre.title : 'Queue Lab: live SQL example';
    frame.style.cssText = 'width:100%;border:0;display:block;height:' + (fixed || START_HEIGHT) + 'px';
    // Where it will load, until its turn comes (see `queue`).
    frame.setAttribute('data-queuelab-src', widgetUrl(pre, id));
    widgets.set(frame, { fixed: fixed !== null });

    // Marked first: if anything below throws, a later scan still will not convert it twice.
    pre.setAttribute('data-queuelab-done', id);
    pre.parentNode.insertBefore(frame, pre);
    // Both: the attribute says what it is to assistive tech, the inline style wins over a
    // site stylesheet that sets `pre { display: block }`.
    pre.hidden = true;
    pre.style.display = 'none';
    queue.push(frame);
    return frame;
  }

  // Starts the next widget's load, unless one is loading; a widget the page removed while it
  // waited is skipped.
  function loadNext() {
    if (loading) return;
    let frame;
    do {
      frame = queue.shift();
    } while (frame && !frame.isConnected);
    if (!frame) return;
    loading = frame;
    frame.src = frame.getAttribute('data-queuelab-src');
    turnTimer = setTimeout(turnOver, TURN_MS);
  }

  // The loading widget said ready (or took too long, or is gone): the next one's turn.
  function turnOver() {
    clearTimeout(turnTimer);
    loading = null;
    loadNext();
  }

  /** Converts the pres not converted yet (under root, or the whole page); returns their iframes. */
  function scan(root) {
    const pres = (root || document).querySelectorAll('pre[data-queuelab]:not([data-queuelab-done])');
    const made = [];
    for (const pre of pres) {
      if (pre.parentNode) made.push(convert(pre));
    }
    loadNext();
    return made;
  }

  // The iframe whose window sent the message. The id inside a message is only a label: any
  // window can post anything, so the sender is identified by the window itself.
  function frameOf(source) {
    if (!source) return null;
    for (const frame of document.getElementsByTagName('iframe')) {
      if (frame.contentWindow === source) return frame;
    }
    return null;
  }

  // The origin an iframe was pointed at ('' when its src is no URL at all).
  function originOf(frame) {
    try {
      return new URL(frame.src, location.href).origin;
    } catch (e) {
      return '';
    }
  }

  window.addEventListener('message', function (event) {
    const data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'queuelab') return;
    const frame = frameOf(event.source);
    // Also from the origin the iframe was pointed at: a link followed inside the frame to
    // some other site must not be able to speak for the widget.
    if (!frame || event.origin !== originOf(frame)) return;

    const widget = widgets.get(frame);
    if (widget && data.type === 'resize' && !widget.fixed) {
      const height = pixels(data.height);
      if (height !== null) frame.style.height = height + 'px';
    }
    if (widget && data.type === 'ready') {
      frame.setAttribute('data-queuelab-ready', 'true');
      if (frame === loading) turnOver();
    }
    // Plain iframes written by hand get the event too: a page's listener then works the
    // same for both forms.
    frame.dispatchEvent(new CustomEvent('queuelab', { detail: data, bubbles: true }));
  });

  window.QueueLab = { scan: scan };
  whenReady(scan);
})();
