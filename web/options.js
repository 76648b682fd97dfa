/* options.js -- how the form presents the vocabulary: per option key its
 * label, fieldset, control and hint, and the words for values and
 * downloads where a capitalised name is not enough. What the keys are
 * (values, defaults, ranges, which families take them and when, presets,
 * formats and their routes) is the daemon's GET /options: app.js, loaded
 * after this, fetches it and merges it into these rows. A key /options
 * lists that has no row here still gets a control, labelled from its name
 * and placed by its group, so a new key costs no JavaScript. index.html's
 * no-JavaScript form repeats the labels and texts of the keys it shows;
 * the browser test holds the two equal. */
(function () {
  'use strict';

  /* /options' group -> the fieldset of a key with no row below */
  var GROUP_FIELDSETS = { map: 'dungeon', family: 'dungeon', draw: 'map', contents: 'party' };

  /* One row per key, in the order of the controls within each fieldset
   * and of the query; keys /options adds come after them.
   *   key       the query name
   *   fieldset  roll | party | dungeon | rooms | corridors | map
   *   label     the control's label; hint: a line under it
   *   control   'radio' for a segmented choice, 'seed' for the seed, 'name'
   *             for the dungeon's name (shows the one the daemon made up
   *             until the user edits it), 'none' for a key the form never
   *             sets (absent: from the key's kind)
   *   text      value -> display name, where capitalising is not enough
   *   prefill   a number field that starts at the default rather than
   *             showing it as a placeholder */
  var KEYS = [
    { key: 'seed', fieldset: 'roll', control: 'seed', label: 'Seed' },

    { key: 'name', fieldset: 'party', control: 'name', label: 'Dungeon name',
      hint: 'Made up from the seed until you type one.' },
    { key: 'level', fieldset: 'party', label: 'Party level', prefill: true },
    { key: 'party', fieldset: 'party', label: 'Party size', prefill: true },
    { key: 'motif', fieldset: 'party', label: 'Motif' },
    { key: 'contents', fieldset: 'party', label: 'Contents',
      text: { none: 'None (map only)', basic: 'Basic (a line a room)', full: 'Full key' },
      hint: 'Monsters, traps and magic items from the SRD 5.1 (CC BY 4.0).' },

    { key: 'algorithm', fieldset: 'dungeon', label: 'Algorithm' },
    { key: 'size', fieldset: 'dungeon', label: 'Dungeon size' },
    { key: 'rows', fieldset: 'dungeon', label: 'Rows (cells)' },
    { key: 'cols', fieldset: 'dungeon', label: 'Columns (cells)' },
    { key: 'layout', fieldset: 'dungeon', label: 'Dungeon layout' },
    { key: 'cave_fill', fieldset: 'dungeon', label: 'Cave fill (%)' },
    { key: 'cave_steps', fieldset: 'dungeon', label: 'Cave smoothing steps' },
    { key: 'panel_size_min', fieldset: 'dungeon', label: 'Smallest panel (cells)' },
    { key: 'block_size', fieldset: 'dungeon', label: 'Block size (cells)' },

    { key: 'rooms', fieldset: 'rooms', label: 'Room layout' },
    { key: 'room_size', fieldset: 'rooms', label: 'Room size' },
    { key: 'room_min', fieldset: 'rooms', label: 'Smallest room side (cells)' },
    { key: 'room_max', fieldset: 'rooms', label: 'Largest room side (cells)' },
    { key: 'polymorph', fieldset: 'rooms', label: 'Polymorph rooms' },
    { key: 'room_count', fieldset: 'rooms', label: 'Rooms wanted' },
    { key: 'pillars', fieldset: 'rooms', label: 'Pillars' },
    { key: 'caves', fieldset: 'rooms', label: 'Caves' },
    { key: 'room_size_min', fieldset: 'rooms', label: 'Smallest room (cells)' },
    { key: 'room_size_max', fieldset: 'rooms', label: 'Largest room (cells)' },
    { key: 'wall_margin', fieldset: 'rooms', label: 'Wall margin (cells)' },
    { key: 'area_width_min', fieldset: 'rooms', label: 'Narrowest area (cells)' },
    { key: 'area_height_min', fieldset: 'rooms', label: 'Shortest area (cells)' },
    { key: 'area_size_min', fieldset: 'rooms', label: 'Smallest area (cells²)' },

    { key: 'doors', fieldset: 'corridors', label: 'Door set' },
    { key: 'corridors', fieldset: 'corridors', label: 'Corridors' },
    { key: 'deadends', fieldset: 'corridors', label: 'Remove dead ends' },
    { key: 'stairs', fieldset: 'corridors', label: 'Stairs' },
    { key: 'egress', fieldset: 'corridors', label: 'Edge exits' },
    { key: 'corridor_margin', fieldset: 'corridors', label: 'Corridor margin (cells)' },
    { key: 'connect', fieldset: 'corridors', label: 'Connect rooms',
      text: { tree: 'Tree (plus a few loops)' } },

    { key: 'style', fieldset: 'map', label: 'Map style' },
    { key: 'grid', fieldset: 'map', label: 'Grid', text: { vhex: 'Vertical hex' } },
    { key: 'cell', fieldset: 'map', label: 'Cell size (pixels)', prefill: true },
    { key: 'ppg', fieldset: 'map', label: 'VTT grid (px)' },
    { key: 'view', fieldset: 'map', control: 'radio', label: 'View',
      text: { gm: 'GM', player: 'Player' },
      hint: 'Player view draws secret doors as wall and hides traps.' },
    /* the download (its route) picks the format */
    { key: 'format', control: 'none' }
  ];

  /* One row per download, in the order offered; formats /options adds come
   * after them, labelled by name. gmData: the map's data, every door with
   * its type, secrets included, in any view: not offered to a player. */
  var FORMATS = [
    { name: 'png', label: 'PNG' },
    { name: 'svg', label: 'SVG' },
    /* the key: every trap, secret door and hoard */
    { name: 'md', label: 'Key (Markdown)', gmData: true },
    { name: 'json', label: 'JSON', gmData: true },
    { name: 'donjon', label: 'donjon JSON', gmData: true },
    { name: 'txt', label: 'Text' },
    /* walls and doors placed, at the VTT grid size; saved as .dd2vtt */
    { name: 'uvtt', label: 'Universal VTT' },
    { name: 'foundry', label: 'Foundry scene' },
    /* the whole dungeon for Foundry: scene, map, and the key in its journal */
    { name: 'foundry-bundle', label: 'Foundry module', gmData: true }
  ];

  var DOOR_WORDS = { arch: 'Archway', door: 'Door', locked: 'Locked door', trapped: 'Trapped door',
                     secret: 'Secret door', portcullis: 'Portcullis' };
  var SIDES = ['north', 'east', 'south', 'west'];
  var FEET_PER_CELL = 10;

  window.dgTables = { GROUP_FIELDSETS: GROUP_FIELDSETS, KEYS: KEYS, FORMATS: FORMATS,
                      DOOR_WORDS: DOOR_WORDS, SIDES: SIDES, FEET_PER_CELL: FEET_PER_CELL };
})();
