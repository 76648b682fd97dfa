#!/usr/bin/env node
// tools/dnd5e_npc_shapes.mjs -- writes tests/unit/dnd5e_npc_shapes.txt, the
// key-path skeleton of the `system` object of 40-odd npcs in the dnd5e
// system's own pack source (packs/_source/monsters, the SRD 5.1 creatures,
// for the 2014 rules; packs/_source/actors24, SRD 5.2's, for 2024), which
// test_npc_shape holds the Foundry module's actors to (render/vtt/bundle_npc.c).
//   node tools/dnd5e_npc_shapes.mjs DND5E_GIT_DIR [COMMIT] > tests/unit/dnd5e_npc_shapes.txt
// DND5E_GIT_DIR is a clone of github.com/foundryvtt/dnd5e (bare will do).
// The packs are YAML: js-yaml comes from tests/integration's node_modules
// (npm ci there; Foundry's CLI depends on it). Only key paths are written,
// no text of the packs (the dnd5e repository is MIT; its SRD content
// CC-BY-4.0). A path is keys joined by "."; an array is a leaf (its items
// are data); an empty object is written "path={}".
// The creatures were picked to span the creature types, challenge ratings,
// telepathy, subtypes, swarms and legendary actions, among those whose pack
// shape follows the pack's majority (of 652 of ours the pack has, 510 have
// exactly our keys; the rest differ by pack quirks: spell0 missing on 27 of
// the 2014 pack's creatures, a telepathy of no range on 42 of the 2024's,
// movement.special on the spiders, subtype keys on 24 2024 dinosaurs).
import { createRequire } from 'module';
import { execFileSync } from 'child_process';
import { fileURLToPath } from 'url';
import path from 'path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../tests/integration/package.json'));
const yaml = require('js-yaml');

const [git, commit = 'HEAD'] = process.argv.slice(2);
if (!git) {
  console.error('usage: node tools/dnd5e_npc_shapes.mjs DND5E_GIT_DIR [COMMIT]');
  process.exit(2);
}
const run = (...a) => execFileSync('git', ['--git-dir', git, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });

const picks = {
  monsters: ['Frog', 'Giant Rat', 'Goblin', 'Bandit Captain', 'Violet Fungus', 'Treant', 'Animated Armor',
             'Iron Golem', 'Imp', 'Bearded Devil', 'Pit Fiend', 'Dryad', 'Skeleton', 'Lich', 'Gargoyle',
             'Cockatrice', 'Hydra', 'Gelatinous Cube', 'Chuul', 'Young White Dragon', 'Solar', 'Stone Giant'],
  actors24: ['Bat', 'Mastiff', 'Awakened Tree', 'Cultist', 'Druid', 'Flesh Golem', 'Goblin Warrior',
             'Hobgoblin Captain', 'Copper Dragon Wyrmling', 'Young Black Dragon', 'Magma Mephit', 'Djinni',
             'Owlbear', 'Kraken', 'Tarrasque', 'Dretch', 'Pit Fiend', 'Sphinx of Valor', 'Grimlock', 'Ghoul',
             'Swarm of Crawling Claws', 'Storm Giant', 'Black Pudding'],
};
const rules = { monsters: '2014', actors24: '2024' };
// the bestiary folders (actors24 keeps spells' and items' creatures apart)
const aside = /\/(summons|conjurations|companions|premades|magic-items)\//;

function paths(v, p, out) {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (!keys.length) out.push(p + '={}');
    for (const k of keys) paths(v[k], p ? `${p}.${k}` : k, out);
  } else {
    out.push(p);
  }
  return out;
}

const sha = run('rev-parse', `${commit}^{commit}`).trim();
const version = JSON.parse(run('show', `${sha}:system.json`)).version;
const lines = [
  '# dnd5e_npc_shapes.txt -- the key paths of `system` of npcs in the dnd5e',
  '# system\'s pack source, written by tools/dnd5e_npc_shapes.mjs (do not edit):',
  `# github.com/foundryvtt/dnd5e (MIT) at ${sha} (dnd5e ${version}).`,
  '# "rules R PACK": the pack for rules R; "base N": the N paths all its picks',
  '# share, one a line; "creature ID NAME": a pick (ID its document id), then',
  '# "+PATH" for each path it has beyond the base; "shape KIND N": the N paths',
  '# of the pack\'s most common shape of an npc\'s feat item\'s `system` (KIND',
  '# feat, its activities left out) or of an attack or save activity, over',
  '# all the pack\'s npcs. An array is a leaf; an empty object is "PATH={}".',
];
for (const pack of ['monsters', 'actors24']) {
  const files = run('ls-tree', '-r', '--name-only', sha, `packs/_source/${pack}`).split('\n')
    .filter(f => f.endsWith('.yml') && !f.endsWith('/_folder.yml') && !aside.test(f));
  const byName = new Map();
  const common = { feat: new Map(), attack: new Map(), save: new Map() };
  const count = (kind, v) => {
    const k = paths(v, '', []).sort().join('\n');
    common[kind].set(k, (common[kind].get(k) || 0) + 1);
  };
  for (const f of files) {
    const doc = yaml.load(run('show', `${sha}:${f}`));
    if (doc.type !== 'npc') continue;
    if (picks[pack].includes(doc.name)) byName.set(doc.name, doc);
    for (const it of doc.items) {
      const { activities = {}, ...sys } = it.system;
      if (it.type === 'feat') count('feat', sys);
      if (it.type !== 'feat' && it.type !== 'weapon') continue;
      for (const a of Object.values(activities)) if (a.type in common && a.type !== 'feat') count(a.type, a);
    }
  }
  const docs = picks[pack].map(n => {
    if (!byName.has(n)) throw new Error(`dnd5e_npc_shapes: no npc "${n}" in ${pack}`);
    return byName.get(n);
  });
  const sets = docs.map(d => new Set(paths(d.system, '', [])));
  const base = [...sets[0]].filter(p => sets.every(s => s.has(p))).sort();
  lines.push(`rules ${rules[pack]} ${pack}`, `base ${base.length}`, ...base);
  docs.forEach((d, i) => {
    lines.push(`creature ${d._id} ${d.name}`);
    for (const p of [...sets[i]].filter(p => !base.includes(p)).sort()) lines.push(`+${p}`);
  });
  for (const kind of ['feat', 'attack', 'save']) {
    const [top] = [...common[kind]].sort((a, b) => b[1] - a[1]);
    const all = [...common[kind].values()].reduce((a, b) => a + b, 0);
    const list = top[0].split('\n');
    lines.push(`shape ${kind} ${list.length} (${top[1]} of the pack's ${all})`, ...list);
  }
}
process.stdout.write(lines.join('\n') + '\n');
