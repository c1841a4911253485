/*! Fencing Lab embed host script, protocol v1. No dependencies. Include it once on the host page:
   a script element with src="https://YOUR-HOST/embed.js" and async (or its text pasted inline).
   It sizes every Fencing Lab iframe to its content: it listens for `resize` messages, and accepts
   one only if it comes from one of this page's iframes (event.source), has the protocol's shape,
   and names the `instance` that iframe's src asks for (default `fencing-lab`); then it sets THAT
   iframe's height. A frame can never resize another. It re-posts every accepted message as a DOM
   event `fencinglab` (event.detail = the message) on the iframe; it bubbles to the document. */
(function () {
  if (window.__fencingLabHost) return;
  window.__fencingLabHost = 1;
  // Which iframes are Fencing Lab embeds (issue 18): those whose src lies under the folder this
  // script was loaded from (it sits beside the app's index.html), and those the page marks with a
  // `data-fencing-lab` attribute (the Embed dialog's snippet does; needed when this script is pasted
  // inline). Messages from any other frame, however well formed, are ignored: another widget on the
  // page can neither resize itself through this script nor forge a quiz result.
  var me = document.currentScript && document.currentScript.src;
  var BASE = me ? me.slice(0, me.lastIndexOf('/') + 1) : '';
  var ID = /^[A-Za-z0-9_.:-]{1,64}$/;
  // A height is a whole number of CSS px from 1 to MAX_HEIGHT; anything else (true, "1e3", [600],
  // 1.5, 1e9) is refused. Keep in step with MAX_EMBED_HEIGHT in src/embed/protocol.ts.
  var MAX_HEIGHT = 50000;
  function isLab(f) {
    if (f.hasAttribute('data-fencing-lab')) return true;
    var src = f.src || '';
    return BASE !== '' && src.slice(0, BASE.length) === BASE;
  }
  // The instance an iframe was given in its src (the app falls back to `fencing-lab` for a bad one).
  function instanceOf(f) {
    var m = /[?&]instance=([^&#]*)/.exec(f.getAttribute('src') || '');
    var v = '';
    try {
      v = m ? decodeURIComponent(m[1].replace(/\+/g, ' ')) : '';
    } catch (err) {}
    return ID.test(v) ? v : 'fencing-lab';
  }
  // The message's own fields, by type; an unknown type is never passed on.
  function valid(d) {
    if (d.type === 'resize') return typeof d.height === 'number' && d.height % 1 === 0 && d.height >= 1 && d.height <= MAX_HEIGHT;
    if (d.type === 'ready') return true;
    if (d.type === 'answered' || d.type === 'completed') return !!d.statement && typeof d.statement === 'object' && !Array.isArray(d.statement);
    return false;
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || typeof d !== 'object' || d.source !== 'fencing-lab' || d.version !== 1 || typeof d.type !== 'string' || typeof d.instance !== 'string') return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== e.source) continue;
      if (!isLab(f) || d.instance !== instanceOf(f) || !valid(d)) return;
      if (d.type === 'resize') f.style.height = d.height + 'px';
      try {
        f.dispatchEvent(new CustomEvent('fencinglab', { detail: d, bubbles: true }));
      } catch (err) {}
      return;
    }
  });
})();
