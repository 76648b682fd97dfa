/* controls.js -- the form's fields, made from the rows vocabulary.js makes
 * (GET /options merged into options.js's presentation) for any key
 * index.html lacks, in table order within each fieldset, and the daemon's
 * errors shown beside the field they name. app.js decides what is shown,
 * read and sent; this file only builds and marks the fields. */
(function () {
  'use strict';

  var $ = window.dgDom.$, el = window.dgDom.el, capital = window.dgDom.capital;
  function textOf(row, v) { return (row.text && row.text[v]) || capital(v); }
  function fieldOf(key) { return document.querySelector('.field[data-key="' + key + '"]'); }

  /* ---------------------------------------------------- building controls */

  function controlFor(row) {
    var id = 'f-' + row.key, described = 'e-' + row.key + (row.hint ? ' h-' + row.key : '');
    if (row.kind === 'radio') {
      var set = el('fieldset', { class: 'segmented', id: id, 'aria-describedby': described },
                   [el('legend', { text: row.label })]);
      row.values.forEach(function (v) {
        var r = el('input', { type: 'radio', id: id + '-' + v, name: row.key, value: v });
        if (v === row.def) r.checked = true;
        set.appendChild(r);
        set.appendChild(el('label', { for: id + '-' + v, text: textOf(row, v) }));
      });
      return [set];
    }
    if (row.kind === 'name') {
      /* the name the daemon made up fills the field until the user edits
       * it; the button beside it goes back to the seed's own name */
      var input = el('input', { id: id, name: row.key, type: 'text', autocomplete: 'off', spellcheck: 'false',
                                placeholder: 'made up from the seed', 'aria-describedby': described });
      var again = el('button', { type: 'button', id: id + '-reset', class: 'icon-button', title: 'Name from the seed' });
      again.innerHTML = '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">' +
        '<path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" fill="none" stroke="currentColor" stroke-width="2" ' +
        'stroke-linecap="round" stroke-linejoin="round"/></svg>';
      again.appendChild(el('span', { class: 'visually-hidden', text: 'Name from the seed' }));
      return [el('label', { for: id, text: row.label }), el('div', { class: 'seed-row' }, [input, again])];
    }
    var c;
    if (row.values) {
      c = el('select', { id: id, name: row.key });
    } else {
      c = row.number ? el('input', { id: id, name: row.key, type: 'number', inputmode: 'numeric',
                                     min: row.number.min, max: row.number.max })
                     : el('input', { id: id, name: row.key, type: 'text', autocomplete: 'off' });
      if (row.number && row.number.step) c.setAttribute('step', row.number.step);
      if (row.def !== undefined) {
        if (row.prefill) c.value = row.def;
        else c.placeholder = String(row.def);
      }
    }
    c.setAttribute('aria-describedby', described);
    return [el('label', { for: id, text: row.label }), c];
  }

  /* Options of a select, from the table, whatever index.html wrote. */
  function syncSelect(row) {
    var s = $('f-' + row.key);
    if (!s || s.tagName !== 'SELECT') return;
    var keep = s.value;
    s.textContent = '';
    row.values.forEach(function (v) { s.appendChild(el('option', { value: v, text: textOf(row, v) })); });
    if (row.custom) s.appendChild(el('option', { value: 'custom', text: 'Custom…' }));
    s.value = row.values.indexOf(keep) >= 0 ? keep : row.def;
  }

  /* Makes sure every row has its field, in table order within its
   * fieldset; a field of the page for a key the daemon no longer lists goes. */
  function build(options, byKey) {
    var prev = {};
    options.forEach(function (row) {
      var f = fieldOf(row.key);
      if (!f) {
        var group = document.querySelector('[data-group="' + row.fieldset + '"]');
        f = el('div', { class: 'field', 'data-key': row.key }, controlFor(row));
        if (row.hint) f.appendChild(el('p', { class: 'hint', id: 'h-' + row.key, text: row.hint }));
        f.appendChild(el('p', { class: 'error', id: 'e-' + row.key, hidden: '' }));
        var after = prev[row.fieldset];
        if (after) after.after(f);
        else group.insertBefore(f, group.querySelector('.field'));
      }
      if (row.values) syncSelect(row);
      prev[row.fieldset] = f;
    });
    document.querySelectorAll('.controls .field[data-key]').forEach(function (f) {
      if (!byKey[f.dataset.key]) f.remove();
    });
  }

  /* -------------------------------------------------------------- errors */

  function clearErrors() {
    document.querySelectorAll('.controls .error').forEach(function (e) { e.hidden = true; e.textContent = ''; });
    document.querySelectorAll('[aria-invalid]').forEach(function (c) { c.removeAttribute('aria-invalid'); });
  }

  function clearError(key) {
    var e = $('e-' + key);
    if (e) { e.hidden = true; e.textContent = ''; }
    var c = $('f-' + key);
    if (c) c.removeAttribute('aria-invalid');
  }

  /* {error, param, value, allowed} -> beside its field when that field is
   * on the page, else above the groups (check.js may give several at once:
   * clearErrors comes first, then one showError each). The sentence already says what is
   * allowed; repeating `allowed` under it only doubled the text. */
  function showError(j, focus, byKey, setOptionsOpen) {
    var key = String(j.param || '').toLowerCase();
    var f = byKey[key] && fieldOf(key);
    var msg = j.error || 'The daemon refused these options.';
    var target = f && !f.hidden ? $('e-' + key) : $('e-general');
    /* several keys the form does not know share the line above the groups */
    if (target.id === 'e-general' && !target.hidden && target.textContent) target.appendChild(el('br'));
    else target.textContent = '';
    if (target.id === 'e-general' && key) target.appendChild(el('strong', { text: j.param + ': ' }));
    target.appendChild(document.createTextNode(msg));
    target.hidden = false;
    var c = f && !f.hidden ? $('f-' + key) : null;
    if (c) c.setAttribute('aria-invalid', 'true');
    if (c) setOptionsOpen(true); /* an error nobody can see helps nobody */
    if (focus) {
      var into = c && c.tagName === 'FIELDSET' ? c.querySelector('input:checked') : c;
      if (!into) { target.tabIndex = -1; into = target; }
      into.focus();
    }
  }

  window.dgControls = { build: build, fieldOf: fieldOf, clearErrors: clearErrors, clearError: clearError,
                        showError: showError };
})();
