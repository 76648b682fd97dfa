/* mapview.js -- the map inline as SVG (/dungeon.svg) beside its key: each
 * room (the SVG's <g id="room-N">) is a link to its entry in the key:
 * clicking, tapping or Enter scrolls to the entry and highlights both;
 * hovering an entry highlights its room. The PNG underneath stays the map
 * until the SVG is in, and whenever it cannot be had. app.js calls
 * dgMap.show(svgText) after a roll and dgMap.clear() when there is no map. */
(function () {
  'use strict';

  /* The SVG's ids go into the page's id space: prefixed, so its room-N is
   * not the key's room-N and its defs cannot shadow a form control's id. */
  var PREFIX = 'map-';
  var current = 0; /* the room last picked on the map */
  /* Where the pointer was when go() scrolled the key. The entry scrolls up
   * under a pointer still resting on the map, and Chromium then hovers
   * whatever card lands under it (room 6's after a click on room 5): that
   * card is not one the user pointed at, so the key's hover waits until
   * the pointer moves (or the wheel turns) before it lights anything. */
  var pointer = null, still = null;
  /* the key's entry ids for the floor shown: room-N, floor-K-room-N below */
  var keyAnchor = 'room-';
  function entry(n) { return $(keyAnchor + n); }

  var $ = window.dgDom.$;
  function reduced() { return window.matchMedia('(prefers-reduced-motion: reduce)').matches; }

  function prefixed(svg) {
    return svg.replace(/^<\?xml[^>]*>\s*/, '')
      .replace(/\bid="([^"]+)"/g, 'id="' + PREFIX + '$1"')
      .replace(/href="#([^"]+)"/g, 'href="#' + PREFIX + '$1"')
      .replace(/url\(#([^)]+)\)/g, 'url(#' + PREFIX + '$1)');
  }

  function roomOf(node) {
    var g = node && node.closest ? node.closest('g.room') : null;
    return g ? Number(g.id.slice((PREFIX + 'room-').length)) : 0;
  }

  function highlight(n) {
    document.querySelectorAll('.map-svg g.room.hl, .key .room.hl').forEach(function (e) { e.classList.remove('hl'); });
    var g = n && $(PREFIX + 'room-' + n), li = n && entry(n);
    if (g) g.classList.add('hl');
    if (li) li.classList.add('hl');
  }

  /* The room's entry into view, highlighted with its room, and focused
   * so a keyboard or screen-reader user reads on from there. */
  function go(n) {
    var li = entry(n);
    if (!li) return;
    current = n;
    still = pointer;
    highlight(n);
    li.tabIndex = -1;
    /* centred, or from its heading when taller than the window (a lair
     * with its hoard and stat lines): centred, its heading would be cut */
    var tall = li.getBoundingClientRect().height > window.innerHeight;
    li.scrollIntoView({ behavior: reduced() ? 'auto' : 'smooth', block: tall ? 'start' : 'center' });
    li.focus({ preventScroll: true });
  }

  /* The SVG comes with its legend, a band under the map (and under the
   * ruler's bottom row, when there is one): print always shows it; on
   * screen, unless opts.legend, the box takes the map's own proportions
   * and the drawing is scaled to the box's width from the top ("xMidYMin
   * slice"), so the band falls below the box's edge. The print sheet
   * gives the box the whole drawing's proportions (--full-ratio). */
  function fit(svg, legend) {
    var vb = svg.viewBox.baseVal, rock = svg.querySelector('rect.rock');
    var box = $('map-svg');
    box.style.setProperty('--full-ratio', vb.width + ' / ' + vb.height);
    box.classList.toggle('legend-print', !legend && !!rock);
    if (legend || !rock) { box.style.removeProperty('--map-ratio'); return; }
    /* the map at 0,0, rock.height tall; the ruler's margins alike above
     * and below it (vb.y is minus the top one) */
    var h = rock.height.baseVal.value - 2 * Math.min(vb.y, 0);
    box.style.setProperty('--map-ratio', vb.width + ' / ' + h);
    svg.setAttribute('preserveAspectRatio', 'xMidYMin slice');
  }

  function show(text, opts) {
    var box = $('map-svg'), figure = $('map-figure');
    box.innerHTML = prefixed(text);
    var svg = box.querySelector('svg');
    if (!svg) { clear(); return; }
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    fit(svg, !!(opts && opts.legend));
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', $('map').alt || 'Dungeon map');
    svg.querySelectorAll('g.room').forEach(function (g) {
      var n = roomOf(g);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'link');
      g.setAttribute('aria-label', 'Room ' + n + ': go to its key entry');
    });
    figure.classList.add('svg-shown');
    current = 0;
  }

  function clear() {
    $('map-svg').textContent = '';
    $('map-svg').classList.remove('legend-print');
    $('map-figure').classList.remove('svg-shown');
    current = 0;
  }

  function wire() {
    var box = $('map-svg'), rooms = $('key');
    box.addEventListener('click', function (e) {
      var n = roomOf(e.target);
      if (n) go(n);
    });
    box.addEventListener('keydown', function (e) {
      var n = roomOf(e.target);
      if (!n || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      go(n);
    });
    document.addEventListener('mousemove', function (e) { pointer = [e.screenX, e.screenY]; }, true);
    document.addEventListener('wheel', function () { still = null; }, { passive: true, capture: true });
    function pointAt(e) {
      if (still && e.screenX === still[0] && e.screenY === still[1]) return; /* slid under, not pointed at */
      still = null;
      /* an entry of the floor shown lights its room on the map */
      var li = e.target.closest('li.room');
      if (li && li.id.indexOf(keyAnchor) === 0) highlight(Number(li.id.slice(keyAnchor.length)));
    }
    rooms.addEventListener('mouseover', pointAt);
    /* a card that slid under the pointer gets no new mouseover when the
     * pointer then moves inside it: that move is the pointing */
    rooms.addEventListener('mousemove', function (e) { if (still) pointAt(e); });
    rooms.addEventListener('mouseleave', function () { highlight(current); });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire);
  else wire();
  window.dgMap = { show: show, clear: clear, go: go,
                   keyAnchor: function (a) { keyAnchor = a; } };
})();
