/*! Fencing Lab embed host script, protocol v1. No dependencies. Include it once on the host page:
   <script src="https://YOUR-HOST/embed.js" async></script>
   It sizes every Fencing Lab iframe to its content: it listens for `resize` messages, checks that
   each comes from one of this page's iframes (event.source) and has the expected shape, and sets
   that iframe's height. It re-posts quiz events as a DOM event `fencinglab` on the iframe. */
(function () {
  if (window.__fencingLabHost) return;
  window.__fencingLabHost = 1;
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!d || typeof d !== 'object' || d.source !== 'fencing-lab' || d.version !== 1 || typeof d.type !== 'string') return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== e.source) continue;
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
