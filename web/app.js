/* app.js -- the form's behaviour: has controls.js build any control
 * index.html lacks from the rows vocabulary.js makes (GET /options merged
 * into options.js's presentation), hides the keys the chosen values do not
 * take, rolls (the PNG at once, the JSON for the room key (key.js draws
 * it), the name and the permalink), keeps the address bar on the canonical
 * query, fills the toolbar (toolbar.js: downloads, copy link), and shows
 * each daemon error beside its field. This file never checks a value itself:
 * check.js holds every field against its /options row before a roll (so
 * several bad values show at once), and the daemon judges the rest.
 * Without JavaScript, or when /options cannot be had, index.html is a
 * plain GET form to /dungeon.png. */
(function () {
  'use strict';

  var T = window.dgTables;
  var FEET_PER_CELL = T.FEET_PER_CELL;
  /* one row per control and per download, once /options is in (ready) */
  var OPTIONS = [], FORMATS = [], familyKey = null;

  /* ------------------------------------------------------------ helpers */

  var byKey = {};
  var parentOf = {};

  var $ = window.dgDom.$, el = window.dgDom.el;
  var C = window.dgControls, fieldOf = C.fieldOf;
  function buildControls() { C.build(OPTIONS, byKey); }
  var clearErrors = C.clearErrors, clearError = C.clearError;
  /* a daemon error beside its field; the options panel opens to show it */
  function showError(j, focus) { C.showError(j, focus, byKey, setOptionsOpen); }

  /* A seed like the daemon's own: short enough to read out at the table. */
  function randomSeed() {
    var a = new Uint32Array(2);
    window.crypto.getRandomValues(a);
    return String(((a[0] % 1000000) * 1000000 + (a[1] % 1000000)) || 1);
  }

  /* --------------------------------------------------- reading and writing */

  var overrides = {}; /* key -> raw value a control cannot show (from a link) */
  /* The floor the map shows (1 = the top): stepped with the buttons over
   * the map, not a field; the image, the SVG, the permalink and the
   * downloads carry it, the JSON holds every floor whatever it is. */
  var floor = 1, floorCount = 1, lastMap = null;
  function floorPart() { return floor > 1 ? '&floor=' + floor : ''; }
  var nameTyped = false; /* the name field holds the user's name, not the daemon's */
  var extras = [];    /* [key, value] pairs of keys the table does not know */

  function getValue(row) {
    if (row.kind === 'radio') {
      var on = document.querySelector('input[name="' + row.key + '"]:checked');
      return on ? on.value : row.def;
    }
    /* a name the daemon made up is shown, not sent: a new seed makes its own */
    if (row.kind === 'name' && !nameTyped) return '';
    var c = $('f-' + row.key);
    return c ? c.value.trim() : '';
  }

  function setValue(row, v) {
    if (row.kind === 'radio') {
      var r = $('f-' + row.key + '-' + v);
      if (r) r.checked = true;
      else overrides[row.key] = v;
      return;
    }
    var c = $('f-' + row.key);
    if (c.tagName === 'SELECT') {
      var name = String(v).toLowerCase();
      if (row.amounts && /^\d+$/.test(name)) {
        Object.keys(row.amounts).forEach(function (n) { if (String(row.amounts[n]) === name) name = n; });
      }
      if (!Array.prototype.some.call(c.options, function (o) { return o.value === name; })) {
        /* a value the list lacks (a number, or a typo in a link): show it as
         * given, so the map or the daemon's error is about what was asked */
        c.appendChild(el('option', { value: v, text: String(v) }));
        name = v;
      }
      c.value = name;
    } else {
      c.value = v;
      /* a number field drops text it cannot hold: keep it to send as given */
      if (c.value !== String(v)) overrides[row.key] = v;
    }
  }

  function values() {
    var v = {};
    OPTIONS.forEach(function (row) { v[row.key] = getValue(row); });
    return v;
  }

  /* A value as the vocabulary names it: lower case, aliases resolved. */
  function nameOf(key, raw) {
    var s = String(raw === undefined ? '' : raw).toLowerCase(), row = byKey[key];
    return row && row.aliases && row.aliases[s] ? row.aliases[s] : s;
  }

  /* Whether a key means something under the values v: its family takes
   * it, the other keys /options names for that family ("when") have one
   * of the values it lists, and a preset's own key only under "custom". */
  function applies(row, v) {
    var algo = nameOf(familyKey, v[familyKey]);
    if (row.families && row.families.indexOf(algo) < 0) return false;
    var w = row.when && row.when[algo];
    if (w && Object.keys(w).some(function (k) { return w[k].indexOf(nameOf(k, v[k])) < 0; })) return false;
    var p = parentOf[row.key];
    return !p || (applies(byKey[p], v) && v[p] === 'custom');
  }

  /* Shows the fields that mean something for the current values; the rest
   * are disabled too, so they are neither submitted nor tabbed to. */
  function updateVisibility() {
    var v = values();
    OPTIONS.forEach(function (row) {
      var f = fieldOf(row.key), on = applies(row, v);
      f.hidden = !on;
      f.querySelectorAll('input, select').forEach(function (c) { c.disabled = !on; });
    });
    document.querySelectorAll('.controls fieldset[data-group]').forEach(function (fs) {
      fs.hidden = !fs.querySelector('.field:not([hidden])');
    });
  }

  function buildQuery(v) {
    var q = new URLSearchParams();
    OPTIONS.forEach(function (row) {
      if (!applies(row, v)) return;
      var val = row.key in overrides ? overrides[row.key] : v[row.key];
      if (val === '' || (row.custom && val === 'custom')) return;
      q.append(row.key, val);
    });
    extras.forEach(function (kv) { q.append(kv[0], kv[1]); });
    return q.toString();
  }

  function resetForm() {
    overrides = {};
    floor = 1;
    nameTyped = false;
    extras = [];
    OPTIONS.forEach(function (row) {
      if (row.kind === 'seed') $('f-seed').value = '';
      else if (row.values) setValue(row, row.def);
      else $('f-' + row.key).value = row.prefill ? row.def : '';
    });
  }

  /* A permalink (or any query) -> the controls. Keys the table lacks are
   * kept and sent as they are, so the daemon can say what is wrong. */
  function applyQuery(search) {
    resetForm();
    seedTyped = false;
    var p = {}, given = {};
    new URLSearchParams(search).forEach(function (val, key) {
      var k = key.toLowerCase();
      if (k === 'floor') { floor = /^\d+$/.test(val) ? Number(val) || 1 : 1; return; }
      if (!byKey[k]) { extras.push([key, val]); return; }
      p[k] = val;
      given[k] = true;
    });
    OPTIONS.forEach(function (row) {
      if (!given[row.key] || parentOf[row.key]) return;
      setValue(row, p[row.key]);
      if (row.kind === 'name') nameTyped = true;
    });
    /* rows/cols and room bounds: a preset when they are exactly one */
    OPTIONS.forEach(function (row) {
      if (!row.custom) return;
      var any = row.custom.some(function (k) { return given[k]; });
      if (!any) return;
      var name = !given[row.key] && row.presetOf(p);
      if (name) { setValue(row, name); return; }
      var fill = row.fill(p[row.key] || row.def, p);
      setValue(row, 'custom');
      row.custom.forEach(function (k) { $('f-' + k).value = given[k] ? p[k] : fill[k]; });
    });
    updateVisibility();
  }

  /* ------------------------------------------------------------- rolling */

  var token = 0;
  var rolled = false;
  var seedTyped = false; /* the seed in the field is one the user typed */
  var img, figure, statusLine;

  function setStatus(text) { statusLine.textContent = text; }

  function roll(opts) {
    opts = opts || {};
    var t = ++token;
    rolled = true; /* a roll refused is a roll: a changed choice redraws */
    clearErrors();
    var seed = $('f-seed');
    if (!seed.value.trim()) seed.value = randomSeed();
    /* every field against its /options row first: a link or a roll with
     * several bad values shows each beside its field (the daemon answers
     * one at a time); text a number field cannot hold is one of them, not
     * a quiet default. The last good map stays. */
    var v0 = values();
    var bad = window.dgCheck.problems(OPTIONS, v0, {
      applies: applies, nameOf: nameOf, extras: extras,
      raw: function (k) { return k in overrides ? overrides[k] : v0[k]; },
      badInput: function (k) {
        var c = byKey[k].number && $('f-' + k);
        return !!(c && !c.disabled && c.validity && c.validity.badInput);
      }
    });
    if (bad.length) {
      /* a link's unknown keys are said once, then dropped */
      extras = [];
      failed();
      bad.forEach(function (j, i) { showError(j, opts.user && i === 0); });
      setStatus('No map: ' + (bad.length === 1 ? bad[0].error
        : bad.length + ' values to fix (' + bad.map(function (j) { return j.param; }).join(', ') + ').') +
        lastGood());
      return Promise.resolve();
    }
    var q = buildQuery(values());
    /* fewer floors than the one shown: back to the top */
    var floors = Number(values().floors) || 1;
    if (floor > floors) floor = 1;
    setStatus('Rolling…');
    figure.hidden = false;
    figure.setAttribute('aria-busy', 'true');
    /* the image at once; the JSON (key, permalink) in parallel. "Rolled"
     * waits for both: the JSON alone is not a map on the screen. */
    var url = '/dungeon.png?' + q + floorPart();
    var drawn = false, data = null, refused = false;
    var settle = function () {
      if (t === token && drawn && data) setStatus('Rolled seed ' + data.seed + '.');
    };
    img.onload = function () {
      if (t !== token) return;
      figure.removeAttribute('aria-busy');
      figure.classList.add('ready');
      drawn = true;
      settle();
    };
    /* the new image is fetched aside and shown only once it is whole:
     * when the roll fails, the last good map stays on the screen */
    var probe = new Image();
    /* the image and the JSON both in: the new map, its key and its links
     * replace the old together, never one without the other */
    var fetched = false, swapped = false;
    var swap = function () {
      if (t !== token || !fetched || !data || swapped) return;
      swapped = true;
      figure.classList.remove('stale');
      img.hidden = false;
      /* the same address again fires no load event everywhere: already drawn */
      if (img.getAttribute('src') === url && img.complete && img.naturalWidth) img.onload();
      else img.src = url;
      shown(data, opts);
      /* the same map as SVG, its rooms linked to the key; the PNG until then */
      loadSvg(t, q);
    };
    probe.onload = function () {
      if (t !== token) return;
      fetched = true;
      swap();
    };
    probe.onerror = function () {
      if (t !== token) return;
      brokenRoll = t;
      /* the options may make a map but no image of it (too many pixels
       * at this cell size): the daemon's answer says which field */
      var why = function (j) {
        if (t !== token || refused) return; /* the JSON's refusal is shown already */
        failed();
        showError(j, opts.user);
        setStatus('No map: ' + j.error + lastGood());
      };
      fetch(url).then(function (res) {
        return res.json();
      }).then(function (j) {
        why(j && j.error ? j : { error: 'the image did not load.' });
      }).catch(function () {
        why({ error: 'the image did not load.' });
      });
    };
    probe.src = url;
    rolled = true;
    return fetch('/dungeon.json?' + q, { headers: { Accept: 'application/json' } })
      .then(function (res) {
        return res.json().then(function (j) { return { ok: res.ok, j: j }; });
      })
      .then(function (r) {
        if (t !== token) return;
        if (!r.ok) {
          refused = true;
          /* a link's unknown keys are sent until each has been reported */
          var named = String(r.j.param || '').toLowerCase();
          extras = extras.filter(function (kv) { return kv[0].toLowerCase() !== named; });
          failed();
          showError(r.j, opts.user);
          setStatus('No map: ' + (r.j.error || 'refused') + lastGood());
          return;
        }
        if (brokenRoll === t) return; /* the image failed: its error is the news */
        data = r.j;
        swap();
      })
      .catch(function () {
        if (t !== token) return;
        refused = true;
        failed();
        showError({ error: 'Cannot reach the map server. Check your connection and roll again.' }, false);
        setStatus('No map: the server did not answer.' + lastGood());
      });
  }

  /* The shown floor as SVG, its rooms linked to that floor's key. It is
   * always asked for with its legend, which print always carries; the
   * screen shows the legend only when the options ask for it (mapview.js
   * crops it off otherwise). */
  function loadSvg(t, q) {
    window.dgMap.keyAnchor(window.dgKey.roomAnchor(floor));
    var p = new URLSearchParams(q), asked = (p.get('legend') || '').toLowerCase() === 'yes';
    p.set('legend', 'yes');
    fetch('/dungeon.svg?' + p.toString() + floorPart()).then(function (res) {
      if (!res.ok) throw new Error(res.statusText);
      return res.text();
    }).then(function (svg) {
      if (t === token && brokenRoll !== t) window.dgMap.show(svg, { legend: asked });
    }).catch(function () {
      if (t === token) window.dgMap.clear();
    });
  }

  /* A failed roll leaves the last good map, its key and its downloads
   * (they still match one another, and the address still names it),
   * greyed; with none yet there is nothing to show. */
  var brokenRoll = 0;
  function lastGood() { return lastMap ? ' The map shown is the last good one.' : ''; }
  function failed() {
    figure.removeAttribute('aria-busy');
    if (lastMap) { figure.classList.add('stale'); return; }
    figure.hidden = true;
    $('floors').hidden = true;
    window.dgMap.clear();
    img.removeAttribute('src');
    $('key').hidden = true;
    document.querySelector('.toolbar').hidden = true;
  }

  function shown(j, opts) {
    lastMap = j;
    floorCount = 1 + (j.below ? j.below.length : 0);
    if (floor > floorCount) floor = 1;
    showFloor(opts);
    window.dgKey.render(j);
    if (opts.user) reveal();
  }

  /* Everything that names the floor shown: the address, the permalink,
   * the downloads, the caption and the floor buttons. */
  function showFloor(opts) {
    var j = lastMap;
    var link = j.permalink + floorPart(), canon = link.replace(/^\/\?/, '');
    if (location.pathname + location.search !== link) {
      if (opts.push) history.pushState({ q: canon }, '', link);
      else history.replaceState({ q: canon }, '', link);
    }
    $('permalink').value = location.origin + link;
    window.dgToolbar.downloads(document.querySelector('.downloads'), FORMATS, canon, j.options.view === 'player');
    document.querySelector('.toolbar').hidden = false;
    var f = floor > 1 ? j.below[floor - 2] : j, rooms = f.rooms.length;
    var ft = j.options.cell_ft || FEET_PER_CELL;
    var caption = 'Seed ' + j.seed + (floorCount > 1 ? ' · floor ' + floor + ' of ' + floorCount : '') +
                  ' · ' + j.width + ' × ' + j.height + ' cells (' +
                  j.width * ft + ' × ' + j.height * ft + ' ft) · ' +
                  rooms + (rooms === 1 ? ' room' : ' rooms') +
                  (j.options.view === 'player' ? ' · player view' : '');
    $('map-caption').textContent = caption;
    showName(j.name);
    img.alt = 'Dungeon map: ' + caption;
    floorButtons();
  }

  /* "Floor 1 2 3" over the map, the shown one pressed; none for one floor. */
  function floorButtons() {
    var nav = $('floors');
    nav.hidden = floorCount < 2;
    nav.querySelectorAll('button').forEach(function (b) { b.remove(); });
    if (floorCount < 2) return;
    for (var k = 1; k <= floorCount; k++) {
      var b = el('button', { type: 'button', 'data-floor': String(k), 'aria-pressed': String(k === floor),
                             text: String(k) });
      b.setAttribute('aria-label', 'Floor ' + k + (k === 1 ? ' (the top)' : ''));
      nav.appendChild(b);
    }
  }

  /* Another floor of the map rolled: its image and SVG, not a new roll. */
  function stepTo(k) {
    if (!lastMap || k === floor || k < 1 || k > floorCount) return;
    floor = k;
    var t = ++token, q = buildQuery(values());
    figure.setAttribute('aria-busy', 'true');
    img.onload = function () {
      if (t !== token) return;
      figure.removeAttribute('aria-busy');
      setStatus('Floor ' + floor + ' of ' + floorCount + '.');
    };
    img.src = '/dungeon.png?' + q + floorPart();
    window.dgMap.clear();
    loadSvg(t, q);
    showFloor({ push: true });
  }

  /* The dungeon's name: the heading over the map, the document's title,
   * and the name field's text until the user writes their own. */
  function showName(name) {
    var h = $('result-h');
    h.textContent = name || 'Map';
    h.classList.toggle('visually-hidden', !name);
    document.title = name ? name + ' — dungeond' : 'dungeond — roll a dungeon';
    var f = byKey.name && $('f-' + 'name');
    if (f && !nameTyped && document.activeElement !== f) f.value = name || '';
  }

  /* On a phone the map sits below the form: bring it into view. */
  function reveal() {
    var r = figure.getBoundingClientRect();
    if (r.top > window.innerHeight * 0.8 || r.bottom < 0)
      figure.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }

  /* ---------------------------------------------------------------- wiring */

  /* On a phone the options fold away under one button, so the map is on
   * the first screen; on a wide screen they are always open beside it. */
  var narrow = window.matchMedia('(max-width: 899px)');
  function setOptionsOpen(open) {
    var t = $('options-toggle');
    $('options').hidden = !open;
    t.setAttribute('aria-expanded', String(open));
  }
  function fitLayout() {
    $('options-toggle').hidden = !narrow.matches;
    setOptionsOpen(!narrow.matches);
  }

  /* The map alone over the whole screen, at the screen's width: on a
   * phone the browser's own pinch zoom (the page never forbids it) then
   * reads the room numbers. The button again, or Escape, closes it. */
  function setFull(on) {
    var b = $('map-full');
    figure.classList.toggle('full', on);
    document.body.classList.toggle('map-full-open', on);
    b.textContent = on ? 'Close the map' : 'Enlarge map';
    b.setAttribute('aria-pressed', String(on));
  }

  /* /options could not be had: say so, and leave the page the plain form
   * it is without a script (its controls and download buttons still work). */
  function unavailable(e) {
    document.documentElement.classList.remove('js');
    var g = $('e-general');
    g.textContent = 'The form could not load its options (' + e.message + '), so it works as a ' +
      'plain form: Roll opens the map image. Reload the page to try again.';
    g.hidden = false;
  }

  function ready(tables) {
    OPTIONS = tables.OPTIONS;
    FORMATS = tables.FORMATS;
    familyKey = tables.FAMILY_KEY;
    OPTIONS.forEach(function (row) {
      byKey[row.key] = row;
      (row.custom || []).forEach(function (k) { parentOf[k] = row.key; });
    });
    /* for the browser test and for anyone extending the form */
    window.dgForm = { OPTIONS: OPTIONS, FORMATS: FORMATS, applies: applies, buildQuery: buildQuery,
                      values: values };
    init();
  }

  function init() {
    img = $('map');
    figure = $('map-figure');
    /* the floor buttons, over the map (shown only for several floors) */
    figure.before(el('nav', { id: 'floors', class: 'floors', 'aria-label': 'Floors', hidden: '' },
                     [el('span', { class: 'floors-label', text: 'Floor' })]));
    statusLine = $('status');
    var form = $('dg-form');
    form.noValidate = true; /* the daemon judges values, beside each field */
    $('f-seed').required = false;
    $('f-seed').placeholder = 'random';
    $('random-seed').hidden = false;
    $('h-seed').textContent = 'Roll picks a fresh seed unless you typed one or opened a link with one; the die always does.';
    buildControls();
    updateVisibility();
    fitLayout();
    narrow.addEventListener('change', fitLayout);
    $('options-toggle').addEventListener('click', function () {
      setOptionsOpen($('options').hidden);
    });

    var last = {}; /* previous value of each preset select, to fill "custom" from */
    OPTIONS.forEach(function (row) { if (row.custom) last[row.key] = getValue(row); });

    /* Roll is a new map: a fresh seed, unless the user typed one (that
     * seed stays until the die or an emptied field lets it go). Enter in a
     * field redraws what the fields say, seed included. */
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      if (!seedTyped) $('f-seed').value = randomSeed();
      roll({ user: true, push: true });
    });
    form.addEventListener('keydown', function (e) {
      var t = e.target;
      if (e.key !== 'Enter' || e.isComposing || t.tagName !== 'INPUT' || t.type === 'radio') return;
      e.preventDefault();
      roll({ user: true, push: true });
    });
    $('f-seed').addEventListener('input', function () { seedTyped = !!$('f-seed').value.trim(); });
    if (byKey.name && $('f-name-reset')) {
      $('f-name').addEventListener('input', function () { nameTyped = !!$('f-name').value.trim(); });
      $('f-name-reset').addEventListener('click', function () {
        $('f-name').value = '';
        nameTyped = false;
        clearError('name');
        roll({ user: true, push: true });
      });
    }
    $('random-seed').addEventListener('click', function () {
      $('f-seed').value = randomSeed();
      seedTyped = false;
      clearError('seed');
      roll({ user: true, push: true });
    });
    form.addEventListener('change', function (e) {
      var key = e.target.name;
      var row = byKey[key];
      if (!row) return;
      delete overrides[key];
      clearError(key);
      if (row.custom) {
        var now = getValue(row);
        if (now === 'custom') {
          /* start from the preset in use, so nothing changes until edited */
          var v = values(), off = OPTIONS.filter(function (r) { return !applies(r, v); });
          off.forEach(function (r) { delete v[r.key]; }); /* the daemon's defaults then */
          var fill = row.fill(last[key], v);
          row.custom.forEach(function (k) { if (!$('f-' + k).value) $('f-' + k).value = fill[k]; });
        }
        last[key] = now;
      }
      updateVisibility();
      /* choices redraw at once; typed numbers and seeds wait for Roll or Enter */
      if (rolled && (e.target.tagName === 'SELECT' || e.target.type === 'radio')) roll({ push: true });
    });
    $('copy-link').addEventListener('click', function () { window.dgToolbar.copyLink(setStatus); });
    $('map-full').hidden = false;
    $('map-full').addEventListener('click', function () { setFull(!figure.classList.contains('full')); });
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && figure.classList.contains('full')) setFull(false);
    });
    /* the "More formats" list folds again on a click anywhere else */
    document.addEventListener('click', function (e) {
      var more = document.querySelector('.more-downloads[open]');
      if (more && !more.contains(e.target)) more.open = false;
    });
    /* a room card's Reroll: the next variant of that room (on the floor
     * shown) into the reroll field, and roll again */
    document.addEventListener('dg-reroll', function (e) {
      var field = $('f-reroll');
      if (!field) return;
      var id = (floor > 1 ? floor + '.' : '') + e.detail.room, items = [], bumped = false;
      field.value.split(',').filter(Boolean).forEach(function (item) {
        var at = item.lastIndexOf(':'), where = item.slice(0, at), v = Number(item.slice(at + 1)) || 0;
        if (where === id) { v = v % 99 + 1; bumped = true; }
        items.push(where + ':' + v);
      });
      if (!bumped) items.push(id + ':1');
      field.value = items.join(',');
      roll({ user: true, push: true });
    });
    $('floors').addEventListener('click', function (e) {
      var b = e.target.closest('button[data-floor]');
      if (b) stepTo(Number(b.dataset.floor));
    });
    $('print').addEventListener('click', function () { window.print(); });
    window.addEventListener('popstate', function () {
      applyQuery(location.search);
      roll({});
    });

    if (location.search.length > 1) {
      applyQuery(location.search);
      /* a shared link's seed is the map being shared: Roll keeps it while
       * options change; the die lets it go */
      seedTyped = !!$('f-seed').value.trim();
    } else $('f-seed').value = ''; /* index.html's seed is for the no-script form */
    roll({});
  }

  function start() { window.dgVocabulary.load().then(ready, unavailable); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
