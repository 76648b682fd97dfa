/* key.js -- the room key under the map, drawn from /dungeon.json: each
 * room's size, what it holds (the encounter with every monster's CR, AC and
 * HP, traps with their DCs and damage, treasure with its worth, dressing,
 * hidden things, the keys it holds) and its exits with their locks; then
 * the dungeon's history and details, the d6 wandering monsters, corridor
 * features, stairs, edge exits and the SRD attribution; a dungeon of
 * several floors has all of that per floor, each headed by its number and
 * its stairs saying which floor they lead to. Before the rooms, the
 * adventure as the Markdown key opens with it (hook, goal, factions with
 * their wants and rivals, the d6 rumour table marked true, false or
 * half-true for the GM, the alarm and who answers it); each floor's
 * heading carries its chapter, and a room's entry its clues and who holds
 * its keys; every "room N" the adventure names links to that room's
 * entry. After every floor the stat blocks (statblocks.js), and every
 * monster in an encounter links to its block. Written for a GM
 * at the table: one line per fact, labels in small capitals to scan by.
 * The player's key holds only what the player's map shows: sizes and the
 * doors a player can see, no contents. app.js calls dgKey.render(map). */
(function () {
  'use strict';

  var T = window.dgTables;
  var DOOR_WORDS = T.DOOR_WORDS, SIDES = T.SIDES, FEET_PER_CELL = T.FEET_PER_CELL;

  var $ = window.dgDom.$, el = window.dgDom.el, capital = window.dgDom.capital;
  var joined = window.dgDom.joined, line = window.dgDom.line;
  var ft = FEET_PER_CELL; /* the map's cell_ft, set by render() */
  function feet(n) { return (n * ft).toLocaleString('en') + ' ft'; }
  function gp(n) { return n.toLocaleString('en') + ' gp'; }
  function times(n, name) { return n > 1 ? n + ' × ' + name : name; }

  function shapeWords(room) {
    if (room.shape === 'circle') return 'round';
    if (room.shape === 'polygon') return room.sides ? room.sides + '-sided' : 'many-sided';
    if (room.kind === 'chamber') return 'cave chamber';
    if (room.shape === 'composite') return 'irregular';
    return '';
  }

  /* Room entries' ids: room-N on the top floor (as a single-floor map has
   * always had), floor-K-room-N below it; set while a floor is drawn. */
  var anchor = 'room-';
  function roomAnchor(floor) { return floor > 1 ? 'floor-' + floor + '-room-' : 'room-'; }
  function roomLink(id) { return el('a', { href: '#' + anchor + id, text: 'room ' + id }); }

  /* The adventure's words name rooms as "room 4" (the top floor) or "room 4
   * on floor 2" (stock/adventure.c); each becomes a link to that entry. */
  var ROOM_WORDS = /\broom (\d+)(?: on floor (\d+))?/g;
  function linked(text) {
    var out = [], at = 0, m;
    ROOM_WORDS.lastIndex = 0;
    while ((m = ROOM_WORDS.exec(text))) {
      if (m.index > at) out.push(text.slice(at, m.index));
      out.push(el('a', { href: '#' + roomAnchor(m[2] ? +m[2] : 1) + m[1], text: m[0] }));
      at = m.index + m[0].length;
    }
    if (at < text.length) out.push(text.slice(at));
    return out;
  }
  /* "room 4" or "room 4 on floor 2", linked, for a reference the JSON
   * gives as numbers */
  function roomRef(room, floor, floors) {
    return linked('room ' + room + (floors > 1 && floor ? ' on floor ' + floor : ''))[0];
  }

  /* The player's key leaves out what the player's map hides; a cave's
   * gate (JSON's gate: true on a locked door) is called a gate, as md
   * calls it. */
  function doorWord(d, player) {
    if (d.gate) return DOOR_WORDS.gate;
    if (player && d.type === 'trapped') return DOOR_WORDS.door;
    return DOOR_WORDS[d.type] || capital(d.type);
  }

  function roomAt(j, x, y) {
    var w = j.cells && j.cells[y] ? j.cells[y][x] : 0;
    return w & 0x2 ? (w & 0xFFC0) >> 6 : 0; /* DG_ROOM, DG_ROOM_ID */
  }

  /* ------------------------------------------------------------ contents */

  /* A monster's name, linked to its stat block when the JSON has one. */
  function monsterName(m, words) {
    if (!m.bestiary) return words;
    var a = el('a', { class: 'sb-link', href: '#statblock-' + m.bestiary, text: words });
    /* the link opens the folded block and scrolls to it; it leaves the
     * URL alone (a new history entry would roll the map again) */
    a.addEventListener('click', function (ev) {
      var t = document.getElementById('statblock-' + m.bestiary);
      if (!t) return;
      ev.preventDefault();
      t.open = true;
      t.scrollIntoView({ block: 'nearest' });
      t.querySelector('summary').focus();
    });
    return a;
  }

  function encounterLines(e) {
    var head = joined([capital(e.difficulty), e.xp.toLocaleString('en') + ' XP' +
      (e.adjusted_xp !== e.xp ? ' (adjusted ' + e.adjusted_xp.toLocaleString('en') + ')' : ''),
      e.faction ? 'of ' + e.faction : '']);
    var list = el('ul', { class: 'monsters' });
    e.monsters.forEach(function (m) {
      /* reinforcements (arrives_round) say when they come, as md.c's "in round 2" */
      list.appendChild(el('li', {}, [el('strong', {}, [monsterName(m, times(m.count, m.name))]), ' ',
        el('span', { class: 'stats', text: joined(['CR ' + m.cr, 'AC ' + m.ac, 'HP ' + m.hp,
          m.arrives_round ? 'in round ' + m.arrives_round : '']) })]));
    });
    var out = [line('encounter', 'Encounter', [head]), list];
    /* the GM's line on them ("Two more remorhazes ... break up through the floor.") */
    if (e.reinforcements)
      out.push(line('reinforcements', 'Round ' + e.reinforcements.round, [e.reinforcements.text]));
    return out;
  }

  /* "Poison Needle (setback), opening it: find DC 11, disable DC 12;
   * DC 11 Constitution save, 2d10 poison. What happens." */
  function trapText(t) {
    var hit = t.save ? 'DC ' + t.save_dc + ' ' + t.save + ' save' :
              t.attack_bonus !== null && t.attack_bonus !== undefined ? '+' + t.attack_bonus + ' to hit' : '';
    var dmg = t.damage ? t.damage + (t.damage_type ? ' ' + t.damage_type : '') : '';
    return [el('strong', { text: t.name }), ' (' + t.severity + (t.trigger ? ', ' + t.trigger : '') + '): ' +
            'find DC ' + t.find_dc + ', disable DC ' + t.disable_dc +
            (hit || dmg ? '; ' + joined([hit, dmg], ', ') : '') + '. ', el('span', { class: 'effect', text: t.effect })];
  }

  function treasureLine(t) {
    var c = t.coins || {}, coins = ['pp', 'gp', 'ep', 'sp', 'cp'].filter(function (k) { return c[k]; })
      .map(function (k) { return c[k].toLocaleString('en') + ' ' + k; });
    var items = [coins.join(', ')];
    (t.gems || []).forEach(function (g) { items.push(times(g.count, g.name) + ' (' + gp(g.value_gp) + (g.count > 1 ? ' each' : '') + ')'); });
    (t.art || []).forEach(function (a) { items.push(times(a.count || 1, a.name) + ' (' + gp(a.value_gp) + (a.count > 1 ? ' each' : '') + ')'); });
    var kids = [el('strong', { text: gp(t.value_gp) }), ': ' + items.filter(Boolean).join('; ')];
    (t.magic_items || []).forEach(function (m, i) {
      kids.push(i ? ', ' : '; ');
      kids.push(el('em', { class: 'magic', text: m.name }));
      kids.push(' (' + m.rarity + ')');
    });
    var holder = joined([t.container ? 'in a ' + t.container : '', t.lock_dc ? 'lock DC ' + t.lock_dc : '',
                         t.hidden ? 'hidden' : ''], ', ');
    if (holder) kids.push('; ' + holder);
    kids.push('.');
    var out = [line('treasure', 'Treasure', kids)];
    if (t.trap) out.push(line('trap', 'Its trap', trapText(t.trap)));
    return out;
  }

  /* A door's far side, as words: "room 4" (a link) or "a corridor". */
  function otherSide(d, roomId) {
    var other = d.room === roomId ? d.leads_to : d.room;
    return other === 'corridor' ? document.createTextNode('a corridor') : roomLink(other);
  }

  /* "Iron, AC 19, 45 HP, break DC 25, pick DC 15, key in room 4; found by ..." */
  function lockText(l) {
    var parts = [joined([l.material, 'AC ' + l.ac, l.hp + ' HP', 'break DC ' + l.break_dc,
                         l.lock_dc ? 'pick DC ' + l.lock_dc : ''], ', ')];
    var kids = [' — ' + parts[0]];
    if (l.key_room) { kids.push(', key in '); kids.push(roomLink(l.key_room)); }
    if (l.designed) kids.push(', the long way round');
    if (l.same_key) kids.push(', the one key to all the lair\'s doors');
    if (l.secret) kids.push('; found by ' + l.secret.how + ' (DC ' + l.secret.dc + ')');
    if (l.trap) { kids.push('; trap: '); kids = kids.concat(trapText(l.trap)); }
    return el('span', { class: 'lock' }, kids);
  }

  /* Who holds a key, as md's "The bugbear keeps it": the creature of the
   * room's encounter by name (one of several when the group has more), or
   * the place it is hidden ("a cache under a floor tile", the room's hidden
   * feature, or one of our hiding places, "under a flat stone"). */
  function heldWords(h, e) {
    if (h.held_by) {
      var g = e && e.monsters.filter(function (m) { return m.name === h.held_by; })[0];
      return (g && g.count > 1 ? 'One of the ' + h.held_by + ' group carries it.' : 'The ' + h.held_by + ' carries it.');
    }
    if (h.hidden_in) return 'Hidden ' + (/^an? /.test(h.hidden_in) ? 'with the room\'s hidden feature, ' : '') + h.hidden_in + '.';
    return '';
  }

  /* The summary as a GM reads it: one creature "a Grick", not donjon's
   * "1 x Grick" (the JSON keeps donjon's words, which its tools parse:
   * the first group bare when one, every later one "N x Name"). */
  function summaryText(c) {
    var s = c.summary, ms = c.encounter && c.encounter.monsters;
    if (ms && ms.length) {
      var donjon = ms.map(function (m, i) { return (i || m.count > 1 ? m.count + ' x ' : '') + m.name; }).join(' and ');
      if (s.indexOf(donjon) === 0)
        return ms.map(function (m) {
          return m.count > 1 ? m.count + ' x ' + m.name : article(m.name) + ' ' + m.name;
        }).join(' and ') + s.slice(donjon.length);
    }
    /* contents=basic: no encounter to read, the later groups' "1 x" only */
    return s.replace(/ and 1 x (?=(\S))/g, function (all, first) { return ' and ' + article(first) + ' '; });
  }

  function contentsOf(j, room, c) {
    var out = [];
    if (c.summary) {
      var said = summaryText(c);
      out.push(el('p', { class: 'summary', text: c.purpose ? capital(c.purpose) + ': ' + said : capital(said) }));
    }
    if (j.contents === 'basic') return out;
    if (c.read_aloud) out.push(el('blockquote', { class: 'read-aloud', text: c.read_aloud }));
    if (c.water) out.push(line('water', 'Water', ['A pool or flooded floor: difficult terrain; swimmers fight from it.']));
    if (c.hazard) out.push(line('hazard', 'Hazard', [c.hazard + '.']));
    if (c.encounter) out = out.concat(encounterLines(c.encounter));
    (c.traps || []).forEach(function (t) { out.push(line('trap', 'Trap', trapText(t))); });
    if (c.treasure) out = out.concat(treasureLine(c.treasure));
    /* features, sounds and smells are in the read-aloud text */
    (c.hidden || []).forEach(function (h) {
      out.push(line('hidden', 'Hidden', [capital(h.feature) + ' (DC ' + h.dc + ').']));
    });
    (c.keys || []).forEach(function (i) {
      var d = j.doors[i];
      if (!d) return;
      var held = (c.keys_held || []).filter(function (h) { return h.door === i; })[0];
      out.push(line('keys', 'Key', ['to the ' + doorWord(d).toLowerCase() + ' of ', roomLink(d.room),
        ' at column ' + d.x + ', row ' + d.y + '.' + (held ? ' ' + heldWords(held, c.encounter) : '')]));
    });
    (c.clues || []).forEach(function (k) { out.push(line('clue', 'Clue', linked(k.text))); });
    /* the room the hook sends the party to, as md's put_goal says it */
    if (j.goal && j.goal.room === room.id)
      out.push(line('goal', 'Goal', linked('What the party came for is here. ' + j.goal.text)));
    return out;
  }

  /* -------------------------------------------------------------- rooms */

  function roomEntry(j, room, player) {
    var li = el('li', { id: anchor + room.id, class: 'room' });
    var marks = [];
    if (!player && j.entrance && j.entrance.room === room.id) marks.push('entrance');
    if (!player && j.lair === room.id) marks.push('lair');
    if (!player && j.goal && j.goal.room === room.id) marks.push('goal');
    li.appendChild(el('h3', {}, ['Room ' + room.id].concat(marks.map(function (m) {
      return el('span', { class: 'mark', text: m });
    }))));
    var shape = shapeWords(room);
    li.appendChild(el('p', { class: 'size', text: feet(room.width) + ' × ' + feet(room.height) +
      (shape ? ', ' + shape : '') + ' · ' + (room.area * ft * ft).toLocaleString('en') +
      ' sq ft' }));
    if (!player && room.contents) contentsOf(j, room, room.contents).forEach(function (n) { li.appendChild(n); });
    if (!player && room.contents && j.contents !== 'none') {
      /* the form (app.js) draws this room's contents again, nothing else */
      var again = el('button', { type: 'button', class: 'reroll', text: 'Reroll this room' });
      again.dataset.room = String(room.id);
      again.addEventListener('click', function () {
        li.dispatchEvent(new CustomEvent('dg-reroll', { bubbles: true, detail: { room: room.id } }));
      });
      li.appendChild(again);
    }
    var doors = el('ul', { class: 'doors' });
    SIDES.forEach(function (side) {
      (room.doors[side] || []).forEach(function (i) {
        var d = j.doors[i];
        if (!d || (player && d.type === 'secret')) return;
        var what = el('span', {}, [doorWord(d, player) + ' to ', otherSide(d, room.id)]);
        if (!player && d.lock && j.contents !== 'basic') what.appendChild(lockText(d.lock));
        var item = el('li', {}, [el('span', { class: 'side', text: capital(side) }), ' ', what]);
        doors.appendChild(item);
      });
    });
    if (!doors.children.length) doors.appendChild(el('li', { class: 'none', text: 'No doors' }));
    li.appendChild(doors);
    return li;
  }

  /* ---------------------------------------------------- the whole dungeon */

  /* The elements one floor's key goes into: the page's own for the top
   * floor (index.html), built alike for each floor below it. */
  function pageParts() {
    return { rooms: $('key-rooms'), details: $('key-details'), history: $('key-history'), facts: $('key-facts'),
             wandering: $('key-wandering'), wanderingList: $('key-wandering-list'), corridors: $('key-corridors'),
             corridorsList: $('key-corridors-list'), stairs: $('key-stairs'), exits: $('key-exits'),
             exitsH: $('exits-h') };
  }

  function floorParts(k, chapter) {
    var id = function (what) { return 'floor-' + k + '-' + what; };
    var p = {
      rooms: el('ol', { class: 'rooms' }),
      history: el('p', { class: 'history' }),
      facts: el('dl', { class: 'facts' }),
      wanderingList: el('ol', { class: 'wandering' }),
      corridorsList: el('ul', { class: 'corridor-features' }),
      stairs: el('ul', { class: 'stairs', 'aria-labelledby': id('stairs-h') }),
      exits: el('ul', { class: 'exits', 'aria-labelledby': id('exits-h') }),
      exitsH: el('h3', { id: id('exits-h'), text: 'Exits' })
    };
    p.details = el('section', { class: 'details', 'aria-labelledby': id('details-h') },
                   [el('h3', { id: id('details-h'), text: 'Floor ' + k + ' as a whole' }), p.history, p.facts]);
    p.wandering = el('section', { 'aria-labelledby': id('wandering-h') },
                     [el('h3', { id: id('wandering-h'), text: 'Wandering monsters (d6)' }), p.wanderingList]);
    p.corridors = el('section', { 'aria-labelledby': id('corridors-h') },
                     [el('h3', { id: id('corridors-h'), text: 'Corridor features' }), p.corridorsList]);
    p.section = el('section', { id: 'key-floor-' + k, class: 'floor-key', 'aria-labelledby': id('h') },
                   [el('h2', { id: id('h'), class: 'floor-h', text: 'Floor ' + k }), chapter, p.rooms, p.details, p.wandering,
                    p.corridors, el('h3', { id: id('stairs-h'), text: 'Stairs' }), p.stairs, p.exitsH, p.exits]);
    return p;
  }

  /* The floor's designed lock-and-key cycle in one line, as md says it:
   * the locked door on the short way to the lair, its key the long way round. */
  function cycleLine(f) {
    var d = (f.doors || []).filter(function (d) { return d.lock && d.lock.designed; })[0];
    if (!d) return '';
    var what = d.gate ? ' gate across the ' + d.dir + ' tunnel of room ' : ' door in the ' + d.dir + ' wall of room ';
    /* loops=many: the lair's other doors are locked alike, one key */
    var others = (f.doors || []).filter(function (d) { return d.lock && d.lock.same_key; }).length;
    var all = ['both', 'all three', 'all four', 'all five', 'all six'][others - 1] || 'all of them';
    var key = others ? '; the lair\'s other door' + (others > 1 ? 's are' : ' is') +
      ' locked too, and one key opens ' + all + ': it lies in room ' : '; its key lies in room ';
    return 'the short way to the lair (room ' + f.lair + ') is barred by the locked ' +
      String(d.lock.material).toLowerCase() + what + d.room + key + d.lock.key_room + ', the long way round.';
  }

  function renderDetails(j, f, player, parts) {
    var d = !player && f.details, box = parts.details;
    box.hidden = !d;
    if (!d) return;
    parts.history.textContent = d.history ? capital(d.history) + '.' : '';
    var facts = parts.facts;
    facts.textContent = '';
    var rows = [['Floor', d.floor], ['Walls', d.walls], ['Temperature', d.temperature],
                ['Light', d.illumination], ['Special', d.special],
                ['Factions', (d.factions || []).map(function (f) { return capital(f.name) + ' (' + f.kind + ')'; }).join('; ')],
                ['Party', 'level ' + j.level + ', ' + j.party + (j.party === 1 ? ' character' : ' characters') +
                          (j.motif && j.motif !== 'none' ? ' · motif ' + j.motif : '')],
                ['Lock and key', cycleLine(f)]];
    rows.forEach(function (r) {
      if (!r[1]) return;
      facts.appendChild(el('div', {}, [el('dt', { text: r[0] }), el('dd', { text: capital(r[1]) })]));
    });
  }

  function renderWandering(f, player, parts) {
    var w = player ? [] : f.wandering_monsters || [], list = parts.wanderingList;
    list.textContent = '';
    w.forEach(function (x) {
      var e = x.encounter, who = e.monsters.map(function (m) {
        return times(m.count, m.name) + ' (CR ' + m.cr + ', AC ' + m.ac + ', HP ' + m.hp + ')';
      }).join(' and ');
      list.appendChild(el('li', { value: x.roll }, [el('strong', { text: who }), ' ' + x.activity + '. ',
        el('span', { class: 'stats', text: joined([capital(e.difficulty), e.adjusted_xp.toLocaleString('en') + ' adjusted XP',
                                                   e.faction ? 'of ' + e.faction : '']) })]));
    });
    parts.wandering.hidden = !w.length;
  }

  function renderCorridors(f, player, parts) {
    var c = player ? [] : f.corridor_features || [], list = parts.corridorsList;
    list.textContent = '';
    c.forEach(function (x) {
      var at = x.cells.slice(0, 3).map(function (c) { return c.x + ',' + c.y; }).join('; ') +
               (x.cells.length > 3 ? ' and ' + (x.cells.length - 3) + ' more' : '');
      list.appendChild(el('li', {}, [el('strong', { class: 'letter', text: x.key.toUpperCase() }), ' ' +
        capital(x.feature) + ' ', el('span', { class: 'stats', text: '(column,row ' + at + ')' })]));
    });
    parts.corridors.hidden = !c.length;
  }

  /* Floor f (number k of n) of the map j into parts. A room's contents
   * come from its own floor; the party, motif and name from the map. */
  function renderFloor(j, f, k, n, player, parts) {
    anchor = roomAnchor(k);
    var list = parts.rooms;
    list.textContent = '';
    var goal = j.adventure && j.adventure.goal;
    var fj = Object.assign({}, f, { contents: j.contents, level: j.level, party: j.party, motif: j.motif,
                                    options: j.options, goal: goal && (goal.floor || 1) === k ? goal : null });
    f.rooms.forEach(function (room) { list.appendChild(roomEntry(fj, room, player)); });
    if (!f.rooms.length) list.appendChild(el('li', { class: 'none', text: 'No rooms on this map.' }));
    renderDetails(j, f, player, parts);
    renderWandering(f, player, parts);
    renderCorridors(f, player, parts);

    var stairs = parts.stairs;
    stairs.textContent = '';
    var wayIn = k === 1;
    f.stairs.forEach(function (s) {
      var r = roomAt(f, s.x, s.y);
      /* where a stair leads, on a dungeon of several floors; the top
       * floor's first up stair is the way in, a down stair on the deepest
       * leads off the key (md.c's put_stairs says the same) */
      var to = s.kind === 'up' ? (k > 1 ? ' to floor ' + (k - 1) : wayIn ? ', the way in,' : '')
                               : (k < n ? ' to floor ' + (k + 1) : ', to depths this key does not map,');
      if (s.kind === 'up' && k === 1) wayIn = false;
      stairs.appendChild(el('li', {}, [(s.kind === 'up' ? 'Up' : 'Down') + to + ' at column ' + s.x + ', row ' + s.y + ', in ',
                                       r ? roomLink(r) : 'a corridor']));
    });
    if (!f.stairs.length) stairs.appendChild(el('li', { class: 'none', text: 'None' }));

    var exits = parts.exits;
    exits.textContent = '';
    (f.exits || []).forEach(function (x) {
      exits.appendChild(el('li', { text: capital(x.dir) + ' edge at column ' + x.x + ', row ' + x.y }));
    });
    parts.exitsH.hidden = exits.hidden = !(f.exits || []).length;
    anchor = 'room-';
  }

  /* ----------------------------------------------------------- adventure */

  var TRUTH = { 'true': 'true', 'false': 'false', half: 'half-true' };

  /* The adventure before the rooms, as md's "The adventure": hook, goal,
   * factions, the rumour table, the alarm (and a single floor's chapter). */
  function renderAdventure(j, player, n) {
    var old = $('key-adventure');
    if (old) old.remove();
    var a = !player && j.adventure;
    if (!a) return;
    var kids = [el('h2', { id: 'key-adventure-h', text: 'The adventure' })];
    kids.push(line('hook', 'Hook', [a.hook.text]));
    kids.push(line('goal', 'Goal', linked(a.goal.text)));
    if (a.factions.length) {
      var fl = el('ul', { class: 'factions' });
      a.factions.forEach(function (f) {
        var lead = f.led === false ? 'No leader; its strongest is ' : 'Led by ';
        var li = el('li', {}, [el('strong', { text: capital(f.name) }), ' (' + f.kind + '; ' + f.attitude + '). ' + lead +
          article(f.leader.name) + ' ' + f.leader.name + ' in ', roomRef(f.leader.room, f.leader.floor, n),
          '. They want ' + f.want + '.']);
        if (f.rival) li.appendChild(document.createTextNode(' Rivals of ' + f.rival.name + ': ' + f.rival.reason + '.'));
        fl.appendChild(li);
      });
      kids.push(el('h3', { text: 'Factions' }), fl);
    }
    var rows = a.rumours.map(function (r) {
      return el('tr', { class: 'rumour-' + r.truth }, [el('td', { text: String(r.roll) }), el('td', {}, linked(r.text)),
        el('td', { class: 'truth', text: TRUTH[r.truth] || (r['true'] ? 'true' : 'false') })]);
    });
    kids.push(el('h3', { text: 'Rumours (d6)' }),
              el('p', { class: 'note', text: 'Roll a d6 for each character who asks around before the party sets out.' }),
              el('table', { class: 'rumours' }, [
                el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: 'd6' }), el('th', { scope: 'col', text: 'Rumour' }),
                                               el('th', { scope: 'col', text: 'For the GM' })])]),
                el('tbody', {}, rows)]));
    /* each floor's groups run to that floor's way in, so on several floors
     * they are listed by floor (md does the same) */
    var who = function (r) {
      var f = r.floor > 1 ? (j.below || [])[r.floor - 2] : j;
      var room = f && f.rooms.filter(function (x) { return x.id === r.room; })[0];
      var e = room && room.contents && room.contents.encounter, m = e && e.monsters[0] && e.monsters[0].name;
      if (!m) return '';
      return r.led === false ? ', ' + article(m) + ' ' + m + ' at the front' : ', led by ' + article(m) + ' ' + m;
    };
    var rounds = function (r) { return ', after ' + r.rounds + ' round' + (r.rounds === 1 ? '' : 's'); };
    var answer;
    if (n === 1) {
      answer = el('ul', { class: 'responders' }, a.alarm.responders.map(function (r) {
        return el('li', {}, ['From ', roomRef(r.room, r.floor, n), who(r) + rounds(r) + '.']);
      }));
    } else {
      var byFloor = [];
      a.alarm.responders.forEach(function (r) { (byFloor[r.floor || 1] = byFloor[r.floor || 1] || []).push(r); });
      answer = el('ul', { class: 'responders' }, byFloor.map(function (rs, fl) {
        var parts = ['Floor ' + fl + ': '];
        rs.forEach(function (r, i) { parts.push(i ? '; from ' : 'from ', roomRef(r.room, r.floor, n), who(r) + rounds(r)); });
        parts.push('.');
        return el('li', {}, parts);
      }).filter(Boolean));
    }
    var then = !a.alarm.responders.length ? 'Nobody else is near enough to answer it.'
             : n === 1 ? 'Then these come, each reaching the entrance after the rounds given:'
                       : 'The floor where it goes up answers; each group reaches that floor\u2019s way in after the rounds given:';
    kids.push(el('h3', { text: 'Alarm' }), line('alarm', 'Alarm', ['The alarm goes up on ' + a.alarm.trigger + '. ' + then]), answer);
    if (n === 1) {
      var ch = chapterOf(j, 1);
      if (ch) kids.push(line('chapter', 'Chapter', linked(ch.text)));
    }
    var section = el('section', { id: 'key-adventure', class: 'adventure', 'aria-labelledby': 'key-adventure-h' }, kids);
    $('key-h').after(section);
  }

  function article(w) { return /^[aeiou]/i.test(w) ? 'an' : 'a'; }
  function chapterOf(j, k) {
    return j.adventure && (j.adventure.chapters || []).filter(function (c) { return c.floor === k; })[0];
  }
  /* floor k's chapter under its heading (several floors) */
  function chapterLine(j, k, player) {
    var ch = !player && chapterOf(j, k);
    return ch ? el('p', { class: 'chapter', id: 'chapter-' + k }, linked(ch.text)) : null;
  }

  /* The whole key: the top floor in the page's own elements, then (a map
   * of several floors) a section per floor below, each headed by its
   * number, as is the top's. The attribution closes it. */
  function render(j) {
    var player = j.options.view === 'player';
    ft = j.options.cell_ft || FEET_PER_CELL;
    var below = j.below || [], n = 1 + below.length;
    document.querySelectorAll('#key .floor-key').forEach(function (s) { s.remove(); });
    var head = $('key-floor-1-h');
    if (n > 1 && !head) {
      head = el('h2', { id: 'key-floor-1-h', class: 'floor-h', text: 'Floor 1' });
      $('key-rooms').before(head);
    }
    if (head) head.hidden = n < 2;
    var top = $('chapter-1');
    if (top) top.remove();
    top = n > 1 && chapterLine(j, 1, player);
    if (top) head.after(top);
    renderAdventure(j, player, n);
    renderFloor(j, j, 1, n, player, pageParts());
    var credit = $('key-attribution');
    below.forEach(function (f, i) {
      var parts = floorParts(i + 2, chapterLine(j, i + 2, player));
      renderFloor(j, f, i + 2, n, player, parts);
      credit.before(parts.section);
    });
    window.dgStatblocks.render(j, player);
    credit.textContent = !player && j.attribution && j.contents !== 'none' ? j.attribution : '';
    credit.hidden = !credit.textContent;
    $('key').hidden = false;
  }

  window.dgKey = { render: render, roomAnchor: roomAnchor };
})();
