/* vocabulary.js -- the daemon's GET /options merged into the form's
 * presentation rows (options.js) and the page's own words (index.html's
 * labels, hints, value texts and download buttons): what each control offers (values,
 * default, number range and step), for which families and under which
 * other values it means something, how presets fill their own keys, and
 * where each download goes. app.js builds and drives the form from the
 * result; nothing here knows a key, value or family by name. */
(function () {
  'use strict';

  var T = window.dgTables;

  var capital = window.dgDom.capital;

  /* A key's default as the control shows it: a value name (deadends' 50
   * is "some"), a number, or undefined when it comes from elsewhere. */
  function defaultOf(k) {
    var d = k['default'];
    if (d === null || d === undefined) return undefined;
    if (k.amounts) {
      var name = Object.keys(k.amounts).filter(function (n) { return k.amounts[n] === d; })[0];
      if (name) return name;
    }
    return d;
  }

  /* The words the page (index.html) gives a key it shows: its label, hint
   * and value texts (the daemon wrote the values; the texts are the
   * page's). They are written there once; options.js words the rest. */
  function pageWords(key) {
    var words = {}, field = document.querySelector('.field[data-key="' + key + '"]');
    if (!field) return words;
    var label = field.querySelector('label[for="f-' + key + '"]') || field.querySelector('legend');
    if (label) words.label = label.textContent.trim();
    var hint = document.getElementById('h-' + key);
    if (hint) words.hint = hint.textContent.trim();
    var text = {};
    field.querySelectorAll('select option').forEach(function (o) { text[o.value] = o.textContent.trim(); });
    field.querySelectorAll('input[type="radio"]').forEach(function (r) {
      if (r.labels && r.labels.length) text[r.value] = r.labels[0].textContent.trim();
    });
    if (Object.keys(text).length) words.text = text;
    return words;
  }

  /* The page's download buttons, in order: route -> label. */
  function pageDownloads() {
    var out = [];
    document.querySelectorAll('button[name="download"][formaction]').forEach(function (b) {
      out.push({ route: b.getAttribute('formaction'), label: b.textContent.trim() });
    });
    return out;
  }

  /* One control's row: the presentation p (possibly {}) over the key k. */
  function rowOf(k, p, everyFamily) {
    var row = {
      key: k.name,
      label: p.label || capital(k.name.replace(/_/g, ' ')),
      fieldset: p.fieldset || T.GROUP_FIELDSETS[k.group] || 'dungeon',
      /* a key the form has no words for is explained by the daemon's own */
      hint: p.label ? p.hint : (p.hint || k.description),
      text: p.text,
      prefill: !!p.prefill,
      kind: p.control || (k.kind === 'seed' ? 'seed' : undefined),
      def: defaultOf(k),
      /* null: every family, whatever the algorithm field says */
      families: k.families.length === everyFamily ? null : k.families,
      when: k.when || null,
      amounts: k.amounts || null,
      aliases: k.aliases || null
    };
    if (k.values) row.values = k.values;
    else if (k.kind === 'integer')
      row.number = { min: k.min, max: k.max, step: k.odd ? 2 : undefined };
    return row;
  }

  /* A preset key (size, room_size): its own keys are the fields of its
   * presets; a field may depend on another key's value (a size's columns
   * on the layout), named by which key's values the field is keyed by. */
  function addPresets(row, presets, rows) {
    var names = Object.keys(presets);
    var first = presets[names[0]];
    row.custom = Object.keys(first);
    var by = {};
    row.custom.forEach(function (f) {
      if (typeof first[f] !== 'object') return;
      var keyedBy = Object.keys(first[f]);
      var other = rows.filter(function (r) {
        return r.values && keyedBy.every(function (n) { return r.values.indexOf(n) >= 0; });
      })[0];
      if (other) by[f] = other;
    });
    /* the number preset `name` gives field f under the values v */
    function number(name, f, v) {
      var x = presets[name] && presets[name][f];
      if (typeof x !== 'object') return x;
      var o = by[f];
      if (!o) return undefined;
      return o.key in v && String(v[o.key]) in x ? x[v[o.key]] : x[o.def];
    }
    /* Canonical strings carry the preset's own keys, never the preset:
     * the preset whose numbers these exactly are, or null. */
    row.presetOf = function (p) {
      return names.filter(function (n) {
        return row.custom.every(function (f) { return Number(p[f]) === number(n, f, p); });
      })[0] || null;
    };
    /* the own keys' values of preset name (the default's when unknown) */
    row.fill = function (name, v) {
      if (!(name in presets)) name = row.def;
      var out = {};
      row.custom.forEach(function (f) { out[f] = number(name, f, v); });
      return out;
    };
  }

  function merge(doc) {
    var byName = {}, shown = {};
    doc.keys.forEach(function (k) { byName[k.name] = k; });
    var rows = [];
    T.KEYS.forEach(function (p) {
      shown[p.key] = true;
      if (byName[p.key] && p.control !== 'none')
        rows.push(rowOf(byName[p.key], Object.assign({}, p, pageWords(p.key)), doc.families.length));
    });
    doc.keys.forEach(function (k) {
      if (!shown[k.name]) rows.push(rowOf(k, {}, doc.families.length));
    });
    rows.forEach(function (row) {
      var presets = doc.presets && doc.presets[row.key];
      if (presets && Object.keys(presets).length) addPresets(row, presets, rows);
    });

    var formats = [], listed = {};
    var fmtByRoute = {};
    doc.formats.forEach(function (f) { fmtByRoute[f.route] = f; });
    var formatRow = function (f, label) {
      return { name: f.name, route: f.route, type: f.media_type, label: label || f.name.toUpperCase(),
               gmData: !!T.GM_DATA[f.name], tableImage: !!f.table_image };
    };
    pageDownloads().forEach(function (b) {
      var f = fmtByRoute[b.route];
      if (!f || listed[f.name]) return;
      listed[f.name] = true;
      formats.push(formatRow(f, b.label));
    });
    doc.formats.forEach(function (f) { if (!listed[f.name]) formats.push(formatRow(f, null)); });
    /* the key whose values are the families (the algorithm) */
    var names = doc.families.map(function (f) { return f.name; }).join();
    var family = rows.filter(function (r) { return r.values && r.values.join() === names; })[0];
    return { OPTIONS: rows, FORMATS: formats, FAMILY_KEY: family ? family.key : null };
  }

  /* Started as soon as the page's scripts run; resolves to the merged
   * tables, or rejects with an Error saying what went wrong in words. */
  var loading = fetch('/options', { headers: { Accept: 'application/json' } })
    .then(function (res) {
      if (!res.ok) throw new Error('the server answered ' + res.status + ' ' + res.statusText);
      return res.json().catch(function () { throw new Error('the server sent something that is not JSON'); });
    }, function () {
      throw new Error('the server did not answer');
    })
    .then(function (doc) {
      if (!doc || !Array.isArray(doc.keys) || !Array.isArray(doc.formats))
        throw new Error('the server sent something that is not a list of options');
      return merge(doc);
    });

  loading.catch(function () {}); /* app.js reports it; no "unhandled" noise before then */
  window.dgVocabulary = { load: function () { return loading; } };
})();
