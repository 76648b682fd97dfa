/* statblocks.js -- the stat blocks after the key (key.js calls
 * dgStatblocks.render(map, player)): the block of each creature kind the
 * key names (the JSON's "bestiary"), a <details> each with its SRD facts
 * and entries, folded on screen, every one open in print and folded back
 * after; none in the player's key. */
(function () {
  'use strict';

  var $ = window.dgDom.$, el = window.dgDom.el, capital = window.dgDom.capital;
  var joined = window.dgDom.joined, line = window.dgDom.line;

  var ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'];
  var SECTIONS = [['traits', ''], ['actions', 'Actions'], ['bonus_actions', 'Bonus Actions'],
                  ['reactions', 'Reactions'], ['legendary_actions', 'Legendary Actions']];
  function modifier(score) {
    var m = Math.floor((score - 10) / 2);
    return (m < 0 ? '\u2212' : '+') + Math.abs(m);
  }

  /* An entry's SRD text: a paragraph per line, "- " lines as a list. */
  function entryNodes(e) {
    var out = [], list = null, named = false;
    e.text.split('\n').forEach(function (l) {
      if (!l) return;
      if (l.slice(0, 2) === '- ') {
        if (!list) { list = el('ul', { class: 'sb-list' }); out.push(list); }
        list.appendChild(el('li', { text: l.slice(2) }));
        return;
      }
      list = null;
      out.push(el('p', { class: 'sb-entry' }, named ? [l] : [el('strong', { class: 'sb-name', text: e.name + '.' }), ' ' + l]));
      named = true;
    });
    if (!named) out.unshift(el('p', { class: 'sb-entry' }, [el('strong', { class: 'sb-name', text: e.name + '.' })]));
    return out;
  }

  function statBlock(s) {
    var kind = capital(s.size) + ' ' + s.type + (s.subtype ? ' (' + s.subtype + ')' : '') + ', ' + s.alignment;
    var body = [el('p', { class: 'sb-kind', text: kind }),
                line('sb-ac', 'Armor Class', [s.armor]),
                line('sb-hp', 'Hit Points', [s.hp + ' (' + s.hit_dice + ')']),
                line('sb-speed', 'Speed', [s.speed || '0 ft.'])];
    var head = el('tr', {}, ABILITIES.map(function (a) { return el('th', { scope: 'col', text: a.toUpperCase() }); }));
    var row = el('tr', {}, ABILITIES.map(function (a) {
      return el('td', { text: s.abilities[a] + ' (' + modifier(s.abilities[a]) + ')' });
    }));
    body.push(el('table', { class: 'sb-abilities' }, [el('thead', {}, [head]), el('tbody', {}, [row])]));
    [['Saves', s.saving_throws], ['Skills', s.skills], ['Vulnerable', s.damage_vulnerabilities],
     ['Resists', s.damage_resistances], ['Immune', s.damage_immunities],
     ['Conditions', s.condition_immunities ? 'immune to ' + s.condition_immunities : ''],
     ['Senses', s.senses], ['Languages', s.languages || '\u2014'],
     ['Challenge', s.cr + ' (' + s.xp.toLocaleString('en') + ' XP) \u00b7 proficiency +' + s.proficiency_bonus]]
      .forEach(function (r) { if (r[1]) body.push(line('sb-fact', r[0], [r[1]])); });
    SECTIONS.forEach(function (sec) {
      var list = s[sec[0]] || [];
      if (!list.length) return;
      if (sec[1]) body.push(el('h4', { class: 'sb-section', text: sec[1] }));
      list.forEach(function (e) { body = body.concat(entryNodes(e)); });
    });
    return el('details', { class: 'statblock', id: 'statblock-' + s.id }, [
      el('summary', {}, [el('strong', { class: 'sb-title', text: s.name }), ' ',
        el('span', { class: 'stats', text: joined(['CR ' + s.cr, 'AC ' + s.ac, 'HP ' + s.hp]) })]),
      el('div', { class: 'sb-body' }, body)]);
  }

  /* The bestiary section after every floor's key: a folded block per kind. */
  function renderBestiary(j, player) {
    var old = $('key-bestiary');
    if (old) old.remove();
    var kinds = player ? [] : j.bestiary || [];
    if (!kinds.length) return;
    var list = el('div', { class: 'statblocks' }, kinds.map(statBlock));
    var section = el('section', { id: 'key-bestiary', class: 'bestiary', 'aria-labelledby': 'key-bestiary-h' },
                     [el('h2', { id: 'key-bestiary-h', class: 'bestiary-h', text: 'Stat blocks' }), list]);
    $('key-attribution').before(section);
  }

  /* Print shows every block open, and folds back the ones the GM had folded. */
  var folded = [];
  window.addEventListener('beforeprint', function () {
    folded = Array.prototype.filter.call(document.querySelectorAll('#key details.statblock'), function (d) { return !d.open; });
    folded.forEach(function (d) { d.open = true; });
  });
  window.addEventListener('afterprint', function () {
    folded.forEach(function (d) { d.open = false; });
    folded = [];
  });

  window.dgStatblocks = { render: renderBestiary };
})();
