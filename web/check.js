/* check.js -- every field checked against the /options rows before the
 * daemon is asked, so that a link or a roll with several bad values shows
 * each one beside its own field at once: the daemon answers one error at
 * a time. Only what a row itself says is checked (a value from its list,
 * a whole number in its range, an odd one where it must be odd, a key the
 * daemon lists at all); whatever needs two keys together (room_min over
 * room_max, an image too big for its cell size) is still the daemon's to
 * refuse, one at a time. The sentences follow the daemon's own, with the
 * value given (a link's typo shows what was typed). */
(function () {
  'use strict';

  /* edits from a to b (Levenshtein), for "did you mean" */
  function distance(a, b) {
    var prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      var cur = [i];
      for (j = 1; j <= b.length; j++)
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length];
  }

  /* The problem of one row's raw value, or null. nameOf resolves aliases. */
  function problemOf(row, raw, nameOf) {
    if (raw === undefined || raw === null || raw === '') return null;
    if (row.values) {
      var name = nameOf(row.key, raw);
      if (row.values.indexOf(name) >= 0 || (row.custom && name === 'custom')) return null;
      /* a number where the row has amounts (deadends=50): the daemon's range */
      if (row.amounts && /^\d+$/.test(name)) return null;
      return { param: row.key, value: String(raw), allowed: row.values,
               error: row.key + ' must be one of: ' + row.values.join(', ') + " (not '" + raw + "')" };
    }
    if (row.number) {
      var s = String(raw).trim(), n = Number(s), r = row.number;
      var range = 'an integer from ' + r.min + ' to ' + r.max;
      if (!/^[+-]?\d+$/.test(s) || n < r.min || n > r.max)
        return { param: row.key, value: s, allowed: r.min + '..' + r.max,
                 error: row.key + ' must be ' + range + " (not '" + s + "')" };
      if (r.step === 2 && n % 2 === 0)
        return { param: row.key, value: s, allowed: 'odd ' + r.min + '..' + r.max,
                 error: row.key + ' must be an odd integer from ' + r.min + ' to ' + r.max + " (not '" + s + "')" };
    }
    return null;
  }

  /* Every problem of the values v (key -> what the control holds) for the
   * rows that apply, in row order, then every key the daemon does not list.
   * raw(key) is what would be sent (a link's value the control cannot
   * show); badInput(key) says a number field holds text it cannot read. */
  function problems(rows, v, opts) {
    var out = [];
    rows.forEach(function (row) {
      if (!opts.applies(row, v)) return;
      if (opts.badInput(row.key)) {
        out.push({ param: row.key, value: '', error: row.key + ' must be an integer from ' +
                   row.number.min + ' to ' + row.number.max + ' (not what the field holds)' });
        return;
      }
      var p = problemOf(row, opts.raw(row.key), opts.nameOf);
      if (p) out.push(p);
    });
    opts.extras.forEach(function (kv) {
      var near = rows.filter(function (r) { return distance(kv[0].toLowerCase(), r.key) <= 2; })[0];
      out.push({ param: kv[0], value: kv[1], error: "unknown option '" + kv[0] + "'" +
                 (near ? " (did you mean '" + near.key + "'?)" : '') });
    });
    return out;
  }

  window.dgCheck = { problems: problems };
})();
