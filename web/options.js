/* options.js -- the form's tables: one row per option of the vocabulary
 * (OPTIONS: its control, group, default and the algorithms it applies to)
 * and one per download (FORMATS), with the size presets they need. app.js,
 * loaded after it, builds and drives the form from them; what is valid is
 * the daemon's to say. */
(function () {
  'use strict';


  var ALGORITHMS = ['donjon', 'caverns', 'panels', 'gridmapper', 'abstract', 'cells'];
  var SIZES = ['fine', 'diminutive', 'tiny', 'small', 'medium', 'large', 'huge',
               'gargantuan', 'colossal'];
  var SIZE_ROWS = [11, 13, 17, 21, 27, 35, 43, 55, 71]; /* core/options.c size_rows */
  var ROOM_SIZES = ['small', 'medium', 'large', 'huge', 'gargantuan', 'colossal'];
  var ROOM_MIN = [3, 3, 5, 7, 9, 11], ROOM_MAX = [5, 9, 13, 17, 21, 27];

  /* Columns of a size preset, as core/options.c computes them: rectangles
   * 1.3 times as wide, rounded up, then up to odd; other layouts square. */
  function presetCols(rows, layout) {
    if ((layout || 'rectangle') !== 'rectangle') return rows;
    return Math.floor((rows * 13 + 9) / 10) | 1;
  }

  /* Canonical strings carry rows/cols and room_min/room_max, never the
   * presets; these name the preset back when the numbers are exactly one. */
  function sizeOf(p) {
    var i = SIZE_ROWS.indexOf(Number(p.rows));
    return i >= 0 && Number(p.cols) === presetCols(SIZE_ROWS[i], p.layout) ? SIZES[i] : null;
  }
  function sizeFill(name, p) {
    var rows = SIZE_ROWS[SIZES.indexOf(name)] || 27;
    return { rows: rows, cols: presetCols(rows, p.layout) };
  }
  function roomSizeOf(p) {
    for (var i = 0; i < ROOM_SIZES.length; i++)
      if (Number(p.room_min) === ROOM_MIN[i] && Number(p.room_max) === ROOM_MAX[i]) return ROOM_SIZES[i];
    return null;
  }
  function roomSizeFill(name) {
    var i = ROOM_SIZES.indexOf(name);
    if (i < 0) i = 1;
    return { room_min: ROOM_MIN[i], room_max: ROOM_MAX[i] };
  }
  function cavernous(v) { return v.algorithm !== 'donjon' || v.layout === 'cavernous'; }
  /* gridmapper's caves are joined by open passages: no doors, no pillars */
  function noGridCaves(v) { return v.algorithm !== 'gridmapper' || v.caves !== 'yes'; }

  /* One row per option of the vocabulary, in the order the query is built.
   * To add an option, add a row; the control, its label, its visibility,
   * the query and the permalink all follow from it.
   *   key      the query name (core/options.c is the authority on it)
   *   group    roll | dungeon | rooms | corridors | map (the fieldset)
   *   label    the control's label; hint: a line under it
   *   values   a select's choices, as the daemon spells them; text: display names
   *   kind     'radio' for a segmented choice; 'seed' for the seed
   *   number   {min, max, step} for a number field
   *   def      the daemon's default (selected, or the number's placeholder)
   *   prefill  a number field that starts at def rather than empty
   *   algos    the algorithms the key applies to (absent: every one);
   *            when(v): a further condition on the other values
   *   custom   a preset select's own keys, shown when "custom" is chosen;
   *            presetOf(p) names the preset of given values, fill(name, p)
   *            gives a preset's values
   *   amounts  value name -> number, so canonical numbers read back as names
   *   jsOnly   not in index.html's no-JavaScript form */
  var OPTIONS = [
    { key: 'seed', group: 'roll', kind: 'seed', label: 'Seed' },
    { key: 'algorithm', group: 'dungeon', label: 'Algorithm', values: ALGORITHMS, def: 'donjon',
      jsOnly: true },
    { key: 'size', group: 'dungeon', label: 'Dungeon size', values: SIZES, def: 'medium',
      custom: ['rows', 'cols'], presetOf: sizeOf, fill: sizeFill },
    { key: 'rows', group: 'dungeon', label: 'Rows (cells)', number: { min: 7, max: 4001, step: 2 },
      jsOnly: true },
    { key: 'cols', group: 'dungeon', label: 'Columns (cells)', number: { min: 7, max: 4001, step: 2 },
      jsOnly: true },
    { key: 'layout', group: 'dungeon', label: 'Dungeon layout', def: 'rectangle', algos: ['donjon'],
      values: ['square', 'rectangle', 'box', 'cross', 'dagger', 'saltire', 'keep', 'hexagon',
               'round', 'cavernous'] },
    { key: 'cave_fill', group: 'dungeon', label: 'Cave fill (%)', number: { min: 35, max: 65 },
      def: 50, algos: ['donjon', 'caverns'], when: cavernous },
    { key: 'cave_steps', group: 'dungeon', label: 'Cave smoothing steps', number: { min: 1, max: 10 },
      def: 4, algos: ['donjon', 'caverns'], when: cavernous },
    { key: 'panel_size_min', group: 'dungeon', label: 'Smallest panel (cells)',
      number: { min: 8, max: 99 }, def: 12, algos: ['panels'] },
    { key: 'block_size', group: 'dungeon', label: 'Block size (cells)',
      number: { min: 7, max: 31, step: 2 }, def: 9, algos: ['cells'] },

    { key: 'rooms', group: 'rooms', label: 'Room layout', def: 'scattered', algos: ['donjon'],
      values: ['sparse', 'scattered', 'dense', 'symmetric', 'complex'] },
    { key: 'room_size', group: 'rooms', label: 'Room size', values: ROOM_SIZES, def: 'medium',
      algos: ['donjon'], custom: ['room_min', 'room_max'], presetOf: roomSizeOf, fill: roomSizeFill },
    { key: 'room_min', group: 'rooms', label: 'Smallest room side (cells)',
      number: { min: 3, max: 99, step: 2 }, algos: ['donjon'], jsOnly: true },
    { key: 'room_max', group: 'rooms', label: 'Largest room side (cells)',
      number: { min: 3, max: 99, step: 2 }, algos: ['donjon'], jsOnly: true },
    { key: 'polymorph', group: 'rooms', label: 'Polymorph rooms', values: ['no', 'yes', 'many'],
      def: 'no', algos: ['donjon'] },
    { key: 'room_count', group: 'rooms', label: 'Rooms wanted', number: { min: 2, max: 63 },
      def: 7, algos: ['gridmapper'] },
    { key: 'pillars', group: 'rooms', label: 'Pillars', values: ['no', 'yes'], def: 'no',
      algos: ['gridmapper'], when: noGridCaves },
    { key: 'caves', group: 'rooms', label: 'Caves', values: ['no', 'yes'], def: 'no',
      algos: ['gridmapper'] },
    { key: 'room_size_min', group: 'rooms', label: 'Smallest room (cells)',
      number: { min: 3, max: 97 }, def: 5, algos: ['panels'] },
    { key: 'room_size_max', group: 'rooms', label: 'Largest room (cells)',
      number: { min: 3, max: 97 }, def: 10, algos: ['panels'] },
    { key: 'wall_margin', group: 'rooms', label: 'Wall margin (cells)', number: { min: 0, max: 10 },
      def: 1, algos: ['panels'] },
    { key: 'area_width_min', group: 'rooms', label: 'Narrowest area (cells)',
      number: { min: 3, max: 99 }, def: 5, algos: ['abstract'] },
    { key: 'area_height_min', group: 'rooms', label: 'Shortest area (cells)',
      number: { min: 3, max: 99 }, def: 5, algos: ['abstract'] },
    { key: 'area_size_min', group: 'rooms', label: 'Smallest area (cells²)',
      number: { min: 9, max: 9801 }, def: 36, algos: ['abstract'] },

    { key: 'doors', group: 'corridors', label: 'Door set', def: 'standard',
      values: ['none', 'basic', 'secure', 'standard', 'deathtrap'],
      algos: ['donjon', 'panels', 'gridmapper', 'abstract', 'cells'], when: noGridCaves },
    { key: 'corridors', group: 'corridors', label: 'Corridors', def: 'errant', algos: ['donjon'],
      values: ['labyrinth', 'errant', 'straight'], when: function (v) { return !cavernous(v); } },
    { key: 'deadends', group: 'corridors', label: 'Remove dead ends', values: ['none', 'some', 'all'],
      def: 'some', amounts: { none: 0, some: 50, all: 100 },
      algos: ['donjon', 'caverns', 'abstract', 'cells'] },
    { key: 'stairs', group: 'corridors', label: 'Stairs', values: ['no', 'yes', 'many'], def: 'yes',
      amounts: { no: 0, yes: 2, many: 4 } },
    { key: 'egress', group: 'corridors', label: 'Edge exits', def: 'no',
      values: ['no', 'yes', 'many', 'tiling'] },
    { key: 'corridor_margin', group: 'corridors', label: 'Corridor margin (cells)',
      number: { min: 1, max: 10 }, def: 2, algos: ['panels'] },
    { key: 'connect', group: 'corridors', label: 'Connect rooms', values: ['previous', 'fan', 'tree'],
      def: 'tree', algos: ['cells'], text: { tree: 'Tree (plus a few loops)' } },

    { key: 'style', group: 'map', label: 'Map style', def: 'standard',
      values: ['standard', 'classic', 'graph', 'parchment', 'crosshatch', 'marble', 'aquatic',
               'infernal'] },
    { key: 'grid', group: 'map', label: 'Grid', values: ['none', 'square', 'hex', 'vhex'],
      def: 'square', text: { vhex: 'Vertical hex' } },
    { key: 'cell', group: 'map', label: 'Cell size (pixels)', number: { min: 4, max: 64 }, def: 18,
      prefill: true },
    { key: 'ppg', group: 'map', label: 'VTT grid (px)', number: { min: 20, max: 256 }, def: 70,
      jsOnly: true },
    { key: 'view', group: 'map', kind: 'radio', label: 'View', values: ['gm', 'player'], def: 'gm',
      text: { gm: 'GM', player: 'Player' },
      hint: 'Player view draws secret doors as wall and hides traps.' }
  ];

  /* One row per download. type: the Content-Type the route answers (the
   * browser test checks it). index.html has a no-JavaScript button for each. */
  var FORMATS = [
    { route: '/dungeon.png', label: 'PNG', type: 'image/png' },
    /* the map's data: every door with its type, secrets included, in any
     * view; the player view leaves them out (see shown) */
    { route: '/dungeon.json', label: 'JSON', type: 'application/json', gmData: true },
    { route: '/dungeon.donjon.json', label: 'donjon JSON', type: 'application/json', gmData: true },
    { route: '/dungeon.txt', label: 'Text', type: 'text/plain' },
    /* walls and doors placed, at the VTT grid size; saved as .dd2vtt */
    { route: '/dungeon.uvtt', label: 'Universal VTT', type: 'application/json' },
    { route: '/dungeon.foundry.json', label: 'Foundry scene', type: 'application/json' }
  ];

  var DOOR_WORDS = { arch: 'Archway', door: 'Door', locked: 'Locked door', trapped: 'Trapped door',
                     secret: 'Secret door', portcullis: 'Portcullis' };
  var SIDES = ['north', 'east', 'south', 'west'];
  var FEET_PER_CELL = 10;

  window.dgTables = { OPTIONS: OPTIONS, FORMATS: FORMATS, DOOR_WORDS: DOOR_WORDS, SIDES: SIDES,
                      FEET_PER_CELL: FEET_PER_CELL };
})();
