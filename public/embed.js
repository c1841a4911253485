/*! Fencing Lab embed host script, protocol v1. No dependencies. Include it once on the host page:
   <script src="https://YOUR-HOST/embed.js" async></script>
   It sizes every Fencing Lab iframe to its content: it listens for `resize` messages, and accepts
   one only if it comes from one of this page's iframes (event.source), has the protocol's shape,
   and names the `instance` that iframe's src asks for (default `fencing-lab`); then it sets THAT
   iframe's height. A frame can never resize another. It re-posts every accepted message as a DOM
   event `fencinglab` (event.detail = the message) on the iframe; it bubbles to the document. */
(function () {
  if (window.__fencingLabHost) return;
  window.__fencingLabHost = 1;
  var ID = /^[A-Za-z0-9_.:-]{1,64}$/;
  // The instance an iframe was given in its src (the app falls back to `fencing-lab` for a bad one).
  function instanceOf(f) {
    var m = /[?&]instance=([^&#]*)/.exec(f.getAttribute('src') || '');
    var v = '';
    try {
      v = m ? decodeURIComponent(m[1].replace(/\+/g, ' ')) : '';
    } catch (err) {}
    return ID.test(v) ? v : 'fencing-lab';
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || typeof d !== 'object' || d.source !== 'fencing-lab' || d.version !== 1 || typeof d.type !== 'string' || typeof d.instance !== 'string') return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== e.source) continue;
      if (d.instance !== instanceOf(f)) return;
      if (d.type === 'resize') {
        var h = Number(d.height);
        if (isFinite(h) && h > 0 && h < 100000) f.style.height = Math.ceil(h) + 'px';
      }
      try {
        f.dispatchEvent(new CustomEvent('fencinglab', { detail: d, bubbles: true }));
      } catch (err) {}
      return;
    }
  });
})();
