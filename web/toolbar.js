/* toolbar.js -- the toolbar under the map: the permalink copied, and the
 * downloads: the likely one (the first format /options lists: the map's image) as a button of its own, the
 * rest under one "More formats", every format in the page's order, new
 * ones last. A player view is never handed a format that holds the GM's
 * secrets; a line says which those are and where to find them. */
(function () {
  'use strict';

  var el = window.dgDom.el;

  /* box: the .downloads element; formats: the /options format rows; canon:
   * the canonical query of the map shown (its floor included); player: the
   * page shows the players' view. */
  function downloads(box, formats, canon, player) {
    box.querySelectorAll('a, .gm-only, .more-downloads').forEach(function (a) { a.remove(); });
    /* A VTT scene's picture is the table's: the page's GM view is the GM
     * reading the map, so those downloads drop view=gm and the daemon
     * draws the players' picture beside the GM's walls and doors; the
     * page's player view goes along as view=player. A GM picture for a
     * VTT is view=gm in the address by hand. */
    var vttCanon = canon.replace(/(^|&)view=gm(?=&|$)/, '');
    var more = el('details', { class: 'more-downloads' }, [el('summary', { text: 'More formats' })]);
    var list = el('div', { class: 'more-list' });
    more.appendChild(list);
    formats.filter(function (f) { return !(player && f.gmData); }) /* a player must not be handed the secrets */
      .forEach(function (f, i) {
        var a = el('a', { href: f.route + '?' + (f.tableImage ? vttCanon : canon) + '&download=1', download: '',
                          'data-type': f.type, text: f.label });
        if (i === 0) { a.classList.add('likely'); box.appendChild(a); } else list.appendChild(a);
      });
    if (list.children.length) box.appendChild(more);
    var held = formats.filter(function (f) { return f.gmData; }).map(function (f) { return f.label; });
    if (player && held.length) box.appendChild(el('span', { class: 'gm-only',
      text: (held.length > 1 ? held.slice(0, -1).join(', ') + ' and ' + held[held.length - 1] + ' list'
                             : held[0] + ' lists') + ' every secret door and trap: GM view offers them.' }));
  }

  /* The permalink field's address to the clipboard; say(text) reports. */
  function copyLink(say) {
    var p = document.getElementById('permalink');
    var text = p.value || location.href;
    var done = function () { say('Link copied.'); };
    var fallback = function () {
      /* no clipboard API off localhost without TLS: select it for the user */
      p.focus();
      p.select();
      try { document.execCommand('copy'); done(); } catch (e) { say('Press Ctrl+C to copy the link.'); }
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }

  window.dgToolbar = { downloads: downloads, copyLink: copyLink };
})();
