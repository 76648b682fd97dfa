/* options.js -- how the form presents the vocabulary: per option key its
 * fieldset, control and order, and the words (label, hint, value texts)
 * of the keys index.html's plain form does not show. The words of the keys
 * it shows, and of the downloads, are the page's own, written once there:
 * vocabulary.js reads them from it. What the keys are (values, defaults,
 * ranges, which families take them and when, presets, formats and their
 * routes) is the daemon's GET /options: vocabulary.js merges it into these
 * rows. A key /options lists that has no row here still gets a control,
 * labelled from its name and placed by its group, so a new key costs no
 * JavaScript. */
(function () {
  'use strict';

  /* /options' group -> the fieldset of a key with no row below */
  var GROUP_FIELDSETS = { map: 'dungeon', family: 'dungeon', draw: 'map', contents: 'party' };

  /* One row per key, in the order of the controls within each fieldset
   * and of the query; keys /options adds come after them.
   *   key       the query name
   *   fieldset  roll | look | party | dungeon | rooms | corridors | map
 *             (look: family, style and view, first in the panel)
   *   label     the control's label; hint: a line under it (only for keys
   *             the page does not show: its words win)
   *   control   'radio' for a segmented choice, 'seed' for the seed, 'name'
   *             for the dungeon's name (shows the one the daemon made up
   *             until the user edits it), 'none' for a key the form never
   *             sets (absent: from the key's kind)
   *   text      value -> display name, where capitalising is not enough
   *             (again only for keys the page does not show)
   *   prefill   a number field that starts at the default rather than
   *             showing it as a placeholder */
  var KEYS = [
    { key: 'seed', fieldset: 'roll', control: 'seed' },

    /* what a first-time user picks first, at the top of the panel */
    { key: 'algorithm', fieldset: 'look', label: 'Algorithm' },
    { key: 'style', fieldset: 'look' },
    { key: 'view', fieldset: 'look', control: 'radio' },

    { key: 'name', fieldset: 'party', control: 'name', label: 'Dungeon name',
      hint: 'Made up from the seed until you type one.' },
    { key: 'level', fieldset: 'party', prefill: true },
    { key: 'party', fieldset: 'party', prefill: true },
    { key: 'motif', fieldset: 'party' },
    { key: 'contents', fieldset: 'party' },
    { key: 'danger', fieldset: 'party', label: 'Danger',
      hint: 'Harder or gentler encounters and traps than the level alone gives.' },
    { key: 'rules', fieldset: 'party', label: 'Rules', control: 'radio',
      hint: '2014: SRD 5.1 and the 2014 XP thresholds. 2024: SRD 5.2.1 and the 2024 XP budget. The map is the same.' },
    { key: 'reroll', fieldset: 'party', label: 'Rerolled rooms',
      hint: "Set by each room's Reroll button (room:variant); clear it to undo." },

    { key: 'size', fieldset: 'dungeon' },
    { key: 'rows', fieldset: 'dungeon', label: 'Rows (cells)' },
    { key: 'cols', fieldset: 'dungeon', label: 'Columns (cells)' },
    { key: 'layout', fieldset: 'dungeon' },
    { key: 'cave_fill', fieldset: 'dungeon', label: 'Cave fill (%)' },
    { key: 'cave_steps', fieldset: 'dungeon', label: 'Cave smoothing steps' },
    { key: 'panel_size_min', fieldset: 'dungeon', label: 'Smallest panel (cells)' },
    { key: 'block_size', fieldset: 'dungeon', label: 'Block size (cells)' },

    { key: 'rooms', fieldset: 'rooms' },
    { key: 'room_size', fieldset: 'rooms' },
    { key: 'room_min', fieldset: 'rooms', label: 'Smallest room side (cells)' },
    { key: 'room_max', fieldset: 'rooms', label: 'Largest room side (cells)' },
    { key: 'polymorph', fieldset: 'rooms' },
    { key: 'room_count', fieldset: 'rooms', label: 'Rooms wanted' },
    { key: 'pillars', fieldset: 'rooms', label: 'Pillars' },
    { key: 'caves', fieldset: 'rooms', label: 'Caves' },
    { key: 'room_size_min', fieldset: 'rooms', label: 'Smallest room (cells)' },
    { key: 'room_size_max', fieldset: 'rooms', label: 'Largest room (cells)' },
    { key: 'wall_margin', fieldset: 'rooms', label: 'Wall margin (cells)' },
    { key: 'area_width_min', fieldset: 'rooms', label: 'Narrowest area (cells)' },
    { key: 'area_height_min', fieldset: 'rooms', label: 'Shortest area (cells)' },
    { key: 'area_size_min', fieldset: 'rooms', label: 'Smallest area (cells²)' },

    { key: 'doors', fieldset: 'corridors' },
    { key: 'corridors', fieldset: 'corridors' },
    { key: 'deadends', fieldset: 'corridors' },
    { key: 'stairs', fieldset: 'corridors' },
    { key: 'egress', fieldset: 'corridors' },
    { key: 'floors', fieldset: 'corridors', prefill: true },
    { key: 'loops', fieldset: 'corridors', label: 'Loops', control: 'radio',
      hint: 'Ways round, dug between rooms far apart; the way to the lair gets a locked door whose key lies the long way round.' },
    { key: 'corridor_margin', fieldset: 'corridors', label: 'Corridor margin (cells)' },
    { key: 'connect', fieldset: 'corridors', label: 'Connect rooms',
      text: { tree: 'Tree (plus a few loops)' } },

    { key: 'grid', fieldset: 'map' },
    { key: 'cell', fieldset: 'map', prefill: true },
    { key: 'ppg', fieldset: 'map', label: 'VTT grid (px)' },
    { key: 'cell_ft', fieldset: 'map' },
    { key: 'image', fieldset: 'map', label: 'Universal VTT image',
      text: { png: 'PNG', webp: 'WebP (lossless, smaller)', none: 'None (import the PNG apart)' } },
    /* the download (its route) picks the format; the buttons over the
     * map pick the floor */
    { key: 'format', control: 'none' },
    { key: 'floor', control: 'none' }
  ];

  /* The downloads that are the map's data, every door with its type,
   * secrets included, in any view: not offered to a player. The key (md)
   * lists every trap, secret door and hoard. Labels and order are the
   * page's download buttons'; a format /options adds is labelled by name. */
  var GM_DATA = { md: true, json: true, donjon: true, 'foundry-bundle': true, pdf: true };

  var DOOR_WORDS = { arch: 'Archway', door: 'Door', locked: 'Locked door', trapped: 'Trapped door',
                     secret: 'Secret door', portcullis: 'Portcullis', gate: 'Locked gate' };
  var SIDES = ['north', 'east', 'south', 'west'];
  /* cell_ft's default: a map's JSON options leave cell_ft out at it */
  var FEET_PER_CELL = 10;

  window.dgTables = { GROUP_FIELDSETS: GROUP_FIELDSETS, KEYS: KEYS, GM_DATA: GM_DATA,
                      DOOR_WORDS: DOOR_WORDS, SIDES: SIDES, FEET_PER_CELL: FEET_PER_CELL };
})();
