// form_test.mjs -- the form (web/) in headless Chromium against a running
// dungeond (DUNGEOND_URL), driven by playwright-core with Debian's own
// Chromium (no browser download). tools/test-browser.sh starts the daemon
// and runs this. Exit 0 all passed, 1 a check failed, 77 Chromium would not
// start. Screenshots go to ARTIFACTS (desktop, phone, print, error, no-JS,
// no /options, the stocked key and its adventure at desktop and phone
// width, the inline map with a room picked).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.DUNGEOND_URL;
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const artifacts = process.env.ARTIFACTS || 'artifacts/browser';
if (!base) {
  console.error('form_test: set DUNGEOND_URL (tools/test-browser.sh does)');
  process.exit(1);
}
mkdirSync(artifacts, { recursive: true });

// Playwright gives every launch a fresh temporary profile (--user-data-dir).
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
              '--disable-background-networking', '--disable-component-update', '--disable-sync'];
let browser;
try {
  browser = await chromium.launch({ executablePath, args, timeout: 30000 });
} catch (e) {
  console.error(`form_test: cannot launch ${executablePath}: ${e.message.split('\n')[0]}`);
  process.exit(77);
}

let failures = 0;
// BROWSER_ONLY=regex runs the checks whose names match, for working on one
// (checks that lean on an earlier one's page fail alone)
async function check(name, fn) {
  if (process.env.BROWSER_ONLY && !new RegExp(process.env.BROWSER_ONLY).test(name)) return;
  const t0 = Date.now();
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}\n     ${String(e.stack || e).split('\n').slice(0, 6).join('\n     ')}`);
  }
}

// Page errors and console errors fail the run; a 400 the test asked for
// shows up as "Failed to load resource" and is expected.
const problems = [];
function watch(page) {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() !== 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 400/.test(m.text()))
      problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  return page;
}

async function newPage(ctxOpts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...ctxOpts });
  ctx.setDefaultTimeout(10000);
  return watch(await ctx.newPage());
}

// A roll is over when the JSON answered ("Rolled ..."), and the image drew.
async function rolled(page) {
  await page.waitForFunction(() => {
    const f = document.getElementById('map-figure'), i = document.getElementById('map');
    return !f.hidden && !f.hasAttribute('aria-busy') && i.complete && i.naturalWidth > 0 &&
      document.getElementById('status').textContent.startsWith('Rolled');
  }, null, { timeout: 15000 });
}
async function failedRoll(page) {
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('No map'),
                             null, { timeout: 15000 });
}

// SHA-256 and length of what the page's <img> shows, fetched by the page.
async function imageDigest(page) {
  return page.evaluate(async () => {
    const img = document.getElementById('map');
    const bytes = await (await fetch(img.currentSrc)).arrayBuffer();
    const d = await crypto.subtle.digest('SHA-256', bytes);
    return { src: img.getAttribute('src'), len: bytes.byteLength,
             sha: Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join('') };
  });
}

async function mapJson(page) {
  const r = await page.request.get(`${base}/dungeon.json${new URL(page.url()).search}`);
  assert.equal(r.status(), 200);
  return r.json();
}

const isVisible = (page, sel) => page.locator(sel).isVisible();

// ------------------------------------------------------------ JavaScript on

const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
const table = {};

await check('the form loads and rolls a map on its own', async () => {
  await page.goto(`${base}/`);
  await rolled(page);
  assert.match(new URL(page.url()).search, /^\?seed=\d+&algorithm=donjon&rows=27&cols=37&/);
  const t = await page.evaluate(() => ({ options: window.dgForm.OPTIONS.map((r) => ({
    key: r.key, values: r.values, def: r.def, kind: r.kind || '', label: r.label,
    donjon: window.dgForm.applies(r, Object.assign(window.dgForm.values(), { algorithm: 'donjon', layout: 'rectangle', size: 'medium', room_size: 'medium' })),
    // what each value reads as on the page (a select's option, a radio's label)
    texts: (r.values || []).map((v) => (document.querySelector(`#f-${r.key} option[value="${v}"]`) ||
                                        document.querySelector(`label[for="f-${r.key}-${v}"]`))?.textContent),
  })), formats: window.dgForm.FORMATS }));
  Object.assign(table, t);
  assert.ok(table.options.length >= 20);
  // Roll with no typed seed is a new map
  const seed0 = new URL(page.url()).searchParams.get('seed');
  await page.click('#roll');
  await rolled(page);
  const seed1 = new URL(page.url()).searchParams.get('seed');
  assert.notEqual(seed1, seed0);
  assert.equal(await page.inputValue('#f-seed'), seed1);
  // a shared link's seed stays through Roll while options change
  const shared = await newPage();
  await shared.goto(`${base}/?seed=42`);
  await rolled(shared);
  await shared.fill('#f-cell', '24');
  await shared.click('#roll');
  await rolled(shared);
  assert.equal(new URL(shared.url()).searchParams.get('seed'), '42');
  assert.equal(new URL(shared.url()).searchParams.get('cell'), '24');
  await shared.click('#random-seed');   // the die lets it go
  await rolled(shared);
  assert.notEqual(new URL(shared.url()).searchParams.get('seed'), '42');
  await shared.context().close();
});

await check('every option of the table has a labelled control in its group', async () => {
  const missing = await page.evaluate(() => {
    const out = [];
    for (const row of window.dgForm.OPTIONS) {
      const field = document.querySelector(`.field[data-key="${row.key}"]`);
      if (!field) { out.push(`${row.key}: no field`); continue; }
      const group = row.fieldset === 'roll' ? '.rollbar' : `fieldset[data-group="${row.fieldset}"]`;
      if (!field.closest(group)) out.push(`${row.key}: not in ${group}`);
      if (!document.getElementById(`e-${row.key}`)) out.push(`${row.key}: no error slot`);
    }
    // every control on the page, shown or not, has a name a screen reader reads
    for (const c of document.querySelectorAll('input, select, button, textarea')) {
      const name = c.labels && c.labels.length ? c.labels[0].textContent.trim()
        : (c.getAttribute('aria-label') || c.textContent || '').trim();
      if (!name) out.push(`${c.id || c.name || c.outerHTML.slice(0, 60)}: no label`);
    }
    for (const fs of document.querySelectorAll('fieldset'))
      if (!fs.querySelector('legend')?.textContent.trim()) out.push(`fieldset ${fs.id}: no legend`);
    return out;
  });
  assert.deepEqual(missing, []);
});

await check('controls that do not apply to the algorithm are hidden and not sent', async () => {
  // no map needed here: keep these choices from reaching the daemon
  await page.route('**/dungeon.*', (r) => r.fulfill({
    status: 400, contentType: 'application/json',
    body: JSON.stringify({ error: 'held back by the test', param: '', value: '', allowed: '' }) }));
  const state = () => page.evaluate(() => {
    const shown = (k) => !document.querySelector(`.field[data-key="${k}"]`).hidden;
    const q = new URLSearchParams(window.dgForm.buildQuery(window.dgForm.values()));
    return { rooms: shown('rooms'), layout: shown('layout'), corridors: shown('corridors'),
             cave_fill: shown('cave_fill'), panel_size_min: shown('panel_size_min'),
             connect: shown('connect'), rows: shown('rows'), doors: shown('doors'),
             pillars: shown('pillars'), deadends: shown('deadends'),
             roomsDisabled: document.getElementById('f-rooms').disabled,
             roomsGroup: !document.querySelector('fieldset[data-group="rooms"]').hidden,
             keys: [...q.keys()] };
  });
  await page.selectOption('#f-algorithm', 'caverns');
  let s = await state();
  assert.deepEqual([s.rooms, s.layout, s.corridors, s.cave_fill, s.panel_size_min, s.doors],
                   [false, false, false, true, false, false], JSON.stringify(s));   // caverns: no rooms, no doors
  assert.ok(s.roomsDisabled, 'a hidden control is disabled too');
  assert.ok(!s.roomsGroup, 'a group with nothing to show is hidden');
  assert.ok(!s.keys.includes('rooms') && !s.keys.includes('layout'), s.keys.join());
  await page.fill('#f-cave_fill', '50');
  assert.ok((await state()).keys.includes('cave_fill'));
  await page.fill('#f-cave_fill', '');
  await page.selectOption('#f-algorithm', 'panels');
  s = await state();
  assert.ok(s.panel_size_min && !s.cave_fill && !s.keys.includes('cave_fill'));
  await page.selectOption('#f-algorithm', 'gridmapper');
  s = await state();
  assert.deepEqual([s.doors, s.pillars, s.deadends], [true, true, false], JSON.stringify(s));   // corridors never end
  await page.selectOption('#f-caves', 'yes');   // caves are joined by open passages
  s = await state();
  assert.deepEqual([s.doors, s.pillars], [false, false], JSON.stringify(s));
  assert.ok(!s.keys.includes('doors') && !s.keys.includes('pillars'), s.keys.join());
  await page.selectOption('#f-caves', 'no');
  await page.selectOption('#f-algorithm', 'cells');
  assert.ok((await state()).connect);
  await page.selectOption('#f-algorithm', 'donjon');
  s = await state();
  assert.deepEqual([s.rooms, s.layout, s.cave_fill, s.connect], [true, true, false, false]);
  // cave keys mean something to donjon only in its cavernous layout, and
  // corridors only outside it (caves grow where the maze would be dug)
  assert.ok(s.corridors && s.keys.includes('corridors'));
  await page.selectOption('#f-layout', 'cavernous');
  s = await state();
  assert.ok(s.cave_fill && !s.corridors && !s.keys.includes('corridors'), s.keys.join());
  await page.selectOption('#f-layout', 'rectangle');
  assert.ok((await state()).corridors);
  // custom size: rows and cols appear, filled from the preset in use
  await page.selectOption('#f-size', 'custom');
  s = await state();
  assert.ok(s.rows && s.keys.includes('rows') && !s.keys.includes('size'));
  assert.deepEqual([await page.inputValue('#f-rows'), await page.inputValue('#f-cols')], ['27', '37']);
  await page.selectOption('#f-size', 'medium');
  assert.ok(!(await state()).rows);
  await page.unroute('**/dungeon.*');
});

let first; // the map rolled from the form: digest, json, url
await check('change options, roll: the image loads and the key lists its rooms', async () => {
  await page.fill('#f-seed', 'The Dungeon of Random Death');
  await page.selectOption('#f-size', 'small');
  await page.selectOption('#f-rooms', 'dense');
  await page.selectOption('#f-doors', 'deathtrap');
  await page.selectOption('#f-polymorph', 'yes');
  await page.click('#roll');
  await rolled(page);
  const search = new URL(page.url()).search;
  assert.match(search, /^\?seed=\d+&algorithm=donjon&rows=21&cols=29&layout=rectangle&rooms=dense&/);
  assert.match(search, /&polymorph=yes&doors=deathtrap&/);
  const natural = await page.$eval('#map', (i) => i.naturalWidth);
  assert.ok(natural > 0);
  const j = await mapJson(page);
  assert.equal(`/${search}`, j.permalink);
  assert.equal(await page.locator('#key-rooms > li').count(), j.rooms.length);
  assert.ok(j.rooms.length > 0);
  const r0 = j.rooms[0];
  const text0 = await page.locator(`#room-${r0.id}`).innerText();
  assert.ok(text0.includes(`${r0.width * 10} ft × ${r0.height * 10} ft`), text0);
  // every door the room lists, with where it leads
  const listed = Object.values(r0.doors).flat().length;
  assert.equal(await page.locator(`#room-${r0.id} .doors li`).count(), listed || 1);
  assert.equal(await page.locator('#key-stairs li').count(), j.stairs.length || 1);
  // one floor: its first up stair is the way in, a down stair leads off
  // the key (md.c's put_stairs says the same of a deepest floor)
  const stairLines = (await page.locator('#key-stairs').innerText()).split('\n').filter(Boolean);
  assert.ok(stairLines.length > 0);
  for (const s of stairLines)
    assert.match(s, /^(Up|Down)(, the way in,|, to depths this key does not map,)? at column \d+, row \d+/);
  const ups = stairLines.filter((s) => s.startsWith('Up'));
  if (ups.length) assert.match(ups[0], /^Up, the way in, at/);
  for (const s of ups.slice(1)) assert.match(s, /^Up at/);
  for (const s of stairLines.filter((s) => s.startsWith('Down'))) assert.match(s, /^Down, to depths this key does not map, at/);
  first = { digest: await imageDigest(page), json: j, url: page.url() };
  // the image came from the form's own query (text seed), not the permalink
  assert.match(first.digest.src, /seed=The\+Dungeon/);
  await page.screenshot({ path: join(artifacts, 'desktop.png'), fullPage: true });
});

await check('the permalink reproduces the same image bytes', async () => {
  const p2 = await newPage();
  await p2.goto(first.url);
  await rolled(p2);
  const d2 = await imageDigest(p2);
  assert.notEqual(d2.src, first.digest.src, 'the second image is asked for by the permalink');
  assert.equal(d2.sha, first.digest.sha);
  assert.equal(d2.len, first.digest.len);
  assert.equal(p2.url(), first.url, 'the address stays the permalink');
  // the form shows the options the link names
  assert.equal(await p2.inputValue('#f-size'), 'small');
  assert.equal(await p2.inputValue('#f-rooms'), 'dense');
  assert.equal(await p2.inputValue('#f-doors'), 'deathtrap');
  assert.equal(await p2.inputValue('#f-deadends'), 'some');
  assert.equal(await p2.inputValue('#f-seed'), first.json.seed);
  await p2.context().close();
});

await check('download links carry the map and the right content types', async () => {
  const links = await page.$$eval('.downloads a', (as) => as.map((a) => ({ href: a.href, label: a.textContent, type: a.dataset.type })));
  assert.deepEqual(links.map((l) => l.label), table.formats.map((f) => f.label));
  for (const [i, l] of links.entries()) {
    assert.ok(l.href.startsWith(base + table.formats[i].route + '?seed=' + first.json.seed), l.href);
    // a VTT scene's picture is the table's: the GM page's VTT downloads
    // leave view out (the players' picture, the GM's walls), the rest say gm
    const vtt = /\/dungeon\.(uvtt|foundry\.json|foundry\.zip)$/.test(table.formats[i].route);
    assert.equal(new URL(l.href).searchParams.get('view'), vtt ? null : 'gm', l.href);
    const r = await page.request.get(l.href);
    assert.equal(r.status(), 200, l.href);
    assert.ok(r.headers()['content-type'].startsWith(table.formats[i].type),
              `${l.label}: ${r.headers()['content-type']}`);
    assert.match(r.headers()['content-disposition'] || '', /^attachment; filename="dungeon-\d+\./);
    if (table.formats[i].type === 'image/png')
      assert.equal((await r.body()).length, first.digest.len, 'the PNG download is the map shown');
  }
});

await check('GM/Player toggle redraws without secrets; Back returns to the GM map', async () => {
  const secrets = first.json.doors.filter((d) => d.type === 'secret' || d.type === 'trapped').length;
  assert.ok(secrets > 0, 'deathtrap doors on this seed include secret or trapped ones');
  const keyText = () => page.locator('#key').innerText();
  assert.match(await keyText(), /Secret door|Trapped door/);
  await page.click('label[for="f-view-player"]');
  await rolled(page);
  assert.match(page.url(), /[?&]view=player(&|$)/);
  assert.doesNotMatch(await keyText(), /Secret door|Trapped door/);
  // the text download hides them too; the data formats, which list every
  // door, are not offered to a player
  const routes = await page.$$eval('.downloads a', (as) => as.map((a) => new URL(a.href).pathname));
  assert.deepEqual(routes, ['/dungeon.png', '/dungeon.svg', '/dungeon.txt', '/dungeon.uvtt', '/dungeon.foundry.json']);
  const views = await page.$$eval('.downloads a', (as) => as.map((a) => new URL(a.href).searchParams.get('view')));
  assert.deepEqual([...new Set(views)], ['player'], 'the player page\'s downloads, VTT ones too, say view=player');
  const text = await page.evaluate(async () => (await fetch(document.querySelector(
    '.downloads a[href^="/dungeon.txt"]').href)).text());
  assert.doesNotMatch(text, /[ST]/, 'the player text shows a secret door or a trap');
  assert.ok(await page.isVisible('.downloads .gm-only'));
  const player = await imageDigest(page);
  assert.notEqual(player.sha, first.digest.sha, 'the player map hides what the GM map shows');
  await page.goBack();
  await rolled(page);
  assert.match(page.url(), /[?&]view=gm(&|$)/);
  assert.ok(await page.isChecked('#f-view-gm'));
  assert.equal((await imageDigest(page)).sha, first.digest.sha);
  assert.equal(await page.locator('.downloads a').count(), table.formats.length);
  assert.equal(await page.locator('.downloads .gm-only').count(), 0);
});

await check('Copy link puts the permalink on the clipboard', async () => {
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Link copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
});

await check('an invalid value shows the error beside its field', async () => {
  await page.selectOption('#f-size', 'custom');
  await rolled(page);
  await page.fill('#f-rows', '4');
  await page.press('#f-rows', 'Enter');
  await failedRoll(page);
  const e = page.locator('#e-rows');
  assert.ok(await e.isVisible());
  assert.match(await e.innerText(), /rows/);
  assert.match(await e.innerText(), /from 7 to \d+/, 'it says what is allowed');
  assert.equal(await page.getAttribute('#f-rows', 'aria-invalid'), 'true');
  assert.ok(await page.$eval('#e-rows', (n) => n.closest('.field') === document.getElementById('f-rows').closest('.field')));
  assert.ok(await page.$eval('#f-rows', (n) => document.activeElement === n), 'focus goes to the field');
  assert.ok(!(await isVisible(page, '#e-general')));
  // the last good map stays, greyed
  assert.ok(await isVisible(page, '#map-figure'));
  assert.ok(await page.$eval('#map-figure', (f) => f.classList.contains('stale')));
  await page.screenshot({ path: join(artifacts, 'desktop-error.png') });
  // fixing it clears it
  await page.fill('#f-rows', '21');
  await page.press('#f-rows', 'Enter');
  await rolled(page);
  assert.ok(!(await e.isVisible()));
  assert.equal(await page.getAttribute('#f-rows', 'aria-invalid'), null);

  // a bad value in a link lands beside its field too, shown as given
  const p3 = await newPage();
  await p3.goto(`${base}/?seed=5&rooms=lots`);
  await failedRoll(p3);
  assert.match(await p3.locator('#e-rooms').innerText(), /rooms must be one of/);
  assert.equal(await p3.inputValue('#f-rooms'), 'lots');
  // so does text a number field cannot hold
  await p3.goto(`${base}/?seed=5&cell=big`);
  await failedRoll(p3);
  assert.match(await p3.locator('#e-cell').innerText(), /cell/);
  // a key the form does not know goes above the groups, named
  await p3.goto(`${base}/?seed=5&roms=dense`);
  await failedRoll(p3);
  assert.match(await p3.locator('#e-general').innerText(), /roms/);
  // both at once (the page checks every field against /options before
  // asking the daemon, which answers one error at a time); an unknown key
  // is said once and dropped, so fixing the other rolls
  await p3.goto(`${base}/?seed=5&rooms=lots&foo=bar`);
  await failedRoll(p3);
  assert.match(await p3.locator('#e-general').innerText(), /foo/);
  assert.match(await p3.locator('#e-rooms').innerText(), /rooms must be one of/);
  await p3.selectOption('#f-rooms', 'dense');
  await rolled(p3);
  assert.doesNotMatch(p3.url(), /foo/);
  // a map whose image would be too big: the daemon's reason, beside the
  // cell size, and no "Rolled" (the JSON alone came back fine)
  await p3.goto(`${base}/?seed=3&rows=1001&cols=1001`);
  await failedRoll(p3);
  assert.match(await p3.locator('#e-cell').innerText(), /pixel/);
  assert.ok(!(await isVisible(p3, '.toolbar')), 'downloads offered for a map with no image');
  // text a number field cannot hold is an error, not the default
  await p3.goto(`${base}/?seed=5`);
  await rolled(p3);
  await p3.fill('#f-cell', '');
  await p3.focus('#f-cell');
  await p3.keyboard.type('1e');
  await p3.keyboard.press('Enter');
  await failedRoll(p3);
  assert.match(await p3.locator('#e-cell').innerText(), /integer from 4 to/);
  await p3.context().close();
});

await check('keyboard alone: type a seed, Enter rolls; the dice button rolls anew', async () => {
  const p4 = await newPage();
  await p4.goto(`${base}/`);
  await rolled(p4);
  // skip link first, then the seed
  await p4.keyboard.press('Tab');
  assert.equal(await p4.evaluate(() => document.activeElement.className), 'skip');
  await p4.keyboard.press('Tab');
  assert.equal(await p4.evaluate(() => document.activeElement.id), 'f-seed');
  await p4.keyboard.press('Control+A');
  await p4.keyboard.type('42');
  await p4.keyboard.press('Enter');
  await p4.waitForURL(/\?seed=42&/);
  await rolled(p4);
  await p4.keyboard.press('Tab');
  assert.equal(await p4.evaluate(() => document.activeElement.id), 'random-seed');
  await p4.keyboard.press('Enter');
  await p4.waitForURL((u) => !/\?seed=42&/.test(u.search));
  await rolled(p4);
  // radio buttons: arrow keys switch the view
  await p4.focus('#f-view-gm');
  await p4.keyboard.press('ArrowRight');
  await p4.waitForURL(/view=player/);
  await rolled(p4);
  await p4.context().close();
});

await check('phone width: no sideways scrolling, the map fits', async () => {
  const p5 = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
                             deviceScaleFactor: 1 });
  await p5.goto(first.url);
  await rolled(p5);
  const m = await p5.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
    img: document.getElementById('map').getBoundingClientRect().width,
    wide: [...document.querySelectorAll('input, select, button, a')]
      .filter((c) => c.offsetParent && c.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((c) => c.id || c.textContent),
  }));
  assert.ok(m.scroll <= m.inner, `page ${m.scroll}px wide in a ${m.inner}px window`);
  assert.ok(m.img <= m.inner);
  assert.deepEqual(m.wide, []);
  // the options fold under one button, so the map is on the first screen
  assert.ok(!(await p5.isVisible('#f-rooms')));
  const top = await p5.$eval('#map', (i) => i.getBoundingClientRect().top);
  assert.ok(top < 844, `the map starts ${top}px down`);
  await p5.screenshot({ path: join(artifacts, 'phone-top.png') });
  await p5.click('#options-toggle');
  assert.equal(await p5.getAttribute('#options-toggle', 'aria-expanded'), 'true');
  assert.ok(await p5.isVisible('#f-rooms'));
  await p5.screenshot({ path: join(artifacts, 'phone.png'), fullPage: true });
  // an error beside a folded field unfolds it
  await p5.click('#options-toggle');
  await p5.goto(`${base}/?seed=5&doors=many`);
  await failedRoll(p5);
  assert.ok(await p5.isVisible('#e-doors'));
  await p5.context().close();
});

await check('print: the name and the map alone on page one, the room key after it (pdftotext)', async () => {
  await page.goto(first.url);
  await rolled(page);
  await page.emulateMedia({ media: 'print' });
  const s = await page.evaluate(() => ({
    form: getComputedStyle(document.querySelector('.controls')).display,
    toolbar: getComputedStyle(document.querySelector('.toolbar')).display,
    breakAfter: getComputedStyle(document.getElementById('map-figure')).breakAfter,
    key: getComputedStyle(document.getElementById('key')).display,
  }));
  assert.deepEqual(s, { form: 'none', toolbar: 'none', breakAfter: 'page', key: 'block' });
  // about one A4 page at 96 dpi: what the first printed page holds
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: join(artifacts, 'print.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  const pdfPath = join(artifacts, 'print.pdf');
  await page.pdf({ format: 'A4', path: pdfPath });
  // Chromium's own print read back as text (poppler's pdftotext): page one
  // holds the name and the map (its room numbers, drawn as SVG text), the
  // key starts on page two and names every room
  const name = (await page.textContent('.dungeon-name')).trim();
  const rooms = await page.$$eval('#key .room', (rs) => rs.length);
  assert.ok(rooms >= 2, `${rooms} rooms in the key`);
  const pageText = (first, last) =>
    execFileSync('pdftotext', ['-f', String(first), '-l', String(last), '-layout', pdfPath, '-'], { encoding: 'utf8' });
  const one = pageText(1, 1), rest = pageText(2, 999);
  assert.ok(one.includes(name), `page 1 lacks the name "${name}":\n${one.slice(0, 400)}`);
  // the caption's figures (seed, size, room count) are not the map's
  const mapText = one.split('\n').filter((l) => !/Seed|cells|rooms/.test(l)).join('\n');
  const numbers = new Set(mapText.match(/\b\d+\b/g));
  for (let r = 1; r <= rooms; r++) assert.ok(numbers.has(String(r)), `page 1's map lacks room ${r}`);
  assert.ok(!/Room key/.test(one), 'the key starts on page 1');
  assert.ok(rest.trimStart().startsWith('Room key'), `page 2 does not open with the key:\n${rest.slice(0, 200)}`);
  for (let r = 1; r <= rooms; r++) assert.match(rest, new RegExp(`\\bRoom ${r}\\b`), `the key lacks room ${r}`);
  await page.emulateMedia({ media: 'screen' });
});

// Chromium's PDF of the page, rendered back (poppler's pdftoppm) and probed
// at plain corridor cells: floor colour, not rock. The print sheet once hid
// the floor picker with a bare .floors, which took the map's own
// <g class="floors"> (every corridor) with it.
// The legend prints always (the issue: "legend=yes|no, default no for
// images, always in print"): the page's SVG carries it, the screen crops it
// off unless asked for, the print sheet shows it under the map on page one.
await check('print keeps the corridors and carries the legend: corridor cells print as floor, pdftotext finds the legend (standard, parchment)', async () => {
  const pp = await newPage();
  for (const q of ['seed=202&level=3&party=5&motif=undead', 'seed=77&algorithm=gridmapper&style=parchment']) {
    const pdf = join(artifacts, `print-corridors-${q.includes('parchment') ? 'parchment' : 'standard'}.pdf`);
    await pp.goto(`${base}/?${q}`);
    await rolled(pp);
    await pp.waitForSelector('#map-svg svg g.room');
    // on screen, without legend=yes, the legend is below the box's edge
    const screen = await pp.evaluate(() => {
      const box = document.querySelector('#map-svg'), lg = box.querySelector('svg g.legend');
      return { has: !!lg, cropped: lg ? lg.getBoundingClientRect().top >= box.querySelector('svg').getBoundingClientRect().bottom - 1 : false };
    });
    assert.deepEqual(screen, { has: true, cropped: true }, `${q}: the page's SVG lacks its legend, or shows it on screen`);
    // print layout at A4 less @page's 12 mm margins, 96 px an inch: where
    // the map lands on the PDF's first page
    await pp.emulateMedia({ media: 'print' });
    await pp.setViewportSize({ width: 703, height: 1000 });
    const m = await pp.evaluate(() => {
      const svg = document.querySelector('#map-svg svg'), b = svg.getBoundingClientRect();
      const rgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
      return { x: b.x, y: b.y, scale: b.width / svg.viewBox.baseVal.width, vbw: svg.viewBox.baseVal.width,
               floor: rgb(svg.querySelector('g.floors').getAttribute('fill')),
               rock: rgb(svg.querySelector('rect.rock').getAttribute('fill')),
               legendBottom: svg.querySelector('g.legend').getBoundingClientRect().bottom,
               pageBottom: (297 - 24) / 25.4 * 96 };
    });
    await pp.pdf({ format: 'A4', path: pdf, pageRanges: '1' });
    const j = await (await pp.request.get(`${base}/dungeon.json?${q}`)).json();
    const dpi = 48;
    const ppm = execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), pdf], { maxBuffer: 1 << 25 });
    const head = ppm.toString('latin1', 0, 40).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
    assert.ok(head, 'pdftoppm wrote no PPM');
    const w = Number(head[1]), px0 = head[0].length, margin = 12 / 25.4 * 96, k = dpi / 96;
    const cell = (m.vbw - 1) / j.width;
    const plain = [];
    j.cells.forEach((row, y) => row.forEach((v, x) => { if (v === 4) plain.push([x, y]); }));
    assert.ok(plain.length >= 5, `${q}: ${plain.length} plain corridor cells`);
    const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    for (let i = 0; i < 5; i++) {
      const [cx, cy] = plain[Math.floor(i * (plain.length - 1) / 4)];
      // a third into the cell: off its grid lines and away from any centred mark
      const X = Math.round(k * (margin + m.x + (cx + 0.4) * cell * m.scale));
      const Y = Math.round(k * (margin + m.y + (cy + 0.4) * cell * m.scale));
      const o = px0 + 3 * (Y * w + X), got = [ppm[o], ppm[o + 1], ppm[o + 2]];
      assert.ok(dist(got, m.floor) < dist(got, m.rock),
                `${q}: corridor cell (${cx},${cy}) prints ${got}, floor ${m.floor}, rock ${m.rock}`);
    }
    // the legend on page one, below the map: its scale and door kinds
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', pdf, '-'], { encoding: 'utf8' });
    assert.match(text, /1 square = \d+ ft/, `${q}: page 1 lacks the legend's scale:\n${text.slice(-600)}`);
    assert.match(text, /\bdoor\b/, `${q}: page 1's legend names no door`);
    assert.ok(m.legendBottom <= m.pageBottom, `${q}: the legend runs off page one (${m.legendBottom} > ${m.pageBottom})`);
    const png = join(artifacts, `print-${q.includes('parchment') ? 'parchment' : 'standard'}`);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '60', '-png', '-singlefile', pdf, png]);
    await pp.emulateMedia({ media: 'screen' });
    await pp.setViewportSize({ width: 1280, height: 900 });
  }
  await pp.context().close();
});

// ----------------------------------------------------------- JavaScript off

await check('without JavaScript the form GETs the map itself', async () => {
  const p6 = await newPage({ javaScriptEnabled: false, acceptDownloads: true });
  await p6.goto(`${base}/`);
  const form = await p6.$eval('#dg-form', (f) => ({ action: f.getAttribute('action'), method: f.method }));
  assert.deepEqual(form, { action: '/dungeon.png', method: 'get' });
  // the daemon filled the static controls in from /options: its values,
  // defaults and ranges; the words are the script's form's words
  const vocab = await (await p6.request.get(`${base}/options`)).json();
  const keyOf = Object.fromEntries(vocab.keys.map((k) => [k.name, k]));
  const defaultName = (k) => (k.amounts && Object.keys(k.amounts).find((n) => k.amounts[n] === k.default)) ?? k.default;
  const controls = await p6.$$eval('#dg-form [name]', (cs) => cs.map((c) => ({
    name: c.name, tag: c.tagName, type: c.type, value: c.value, checked: c.checked,
    min: c.getAttribute('min'), max: c.getAttribute('max'), step: c.getAttribute('step'),
    label: c.type === 'radio' ? c.closest('fieldset').querySelector('legend').textContent : c.labels[0]?.textContent,
    text: c.type === 'radio' ? c.labels[0].textContent : null,
    options: c.tagName === 'SELECT' ? [...c.options].map((o) => o.value) : null,
    texts: c.tagName === 'SELECT' ? [...c.options].map((o) => o.textContent) : null,
  })));
  const named = [...new Set(controls.filter((c) => c.name !== 'download').map((c) => c.name))];
  // donjon's keys under the defaults, in the script's form's order
  assert.deepEqual(named, table.options.filter((r) => r.donjon && named.includes(r.key)).map((r) => r.key));
  assert.ok(named.length >= 15, named.join());
  for (const name of named) {
    const k = keyOf[name], row = table.options.find((r) => r.key === name);
    const c = controls.filter((x) => x.name === name);
    assert.equal(c[0].label, row.label, `${name}: label`);
    if (c[0].type === 'radio') {
      assert.deepEqual(c.map((x) => x.value), k.values, name);
      assert.equal(c.find((x) => x.checked).value, defaultName(k), name);
      assert.deepEqual(c.map((x) => x.text), row.texts, `${name}: texts`);
    } else if (c[0].tag === 'SELECT') {
      assert.deepEqual(c[0].options, k.values, name);
      assert.equal(c[0].value, defaultName(k), name);
      assert.deepEqual(c[0].texts, row.texts, `${name}: texts`);
    } else if (c[0].type === 'number') {
      assert.deepEqual([c[0].min, c[0].max, c[0].step, c[0].value],
                       [String(k.min), String(k.max), k.odd ? '2' : null, String(k.default)], name);
    }
  }
  const buttons = await p6.$$eval('button[name="download"]', (bs) => bs.map((b) => [b.getAttribute('formaction'), b.textContent]));
  assert.deepEqual(buttons, table.formats.map((f) => [f.route, f.label]));
  await p6.screenshot({ path: join(artifacts, 'nojs.png'), fullPage: true });
  await p6.fill('#f-seed', '7');
  await p6.selectOption('#f-rooms', 'dense');
  const [resp] = await Promise.all([p6.waitForNavigation(), p6.click('#roll')]);
  assert.equal(resp.status(), 200);
  assert.equal(resp.headers()['content-type'], 'image/png');
  assert.match(p6.url(), /\/dungeon\.png\?seed=7&style=standard&view=gm&level=1&party=4&motif=none&contents=full&size=medium&layout=rectangle&rooms=dense&/);
  const body = await resp.body();
  assert.deepEqual([...body.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  // the same map as the JavaScript form makes for these options
  const js = await p6.request.get(`${base}/dungeon.png?seed=7&rooms=dense`);
  assert.ok(body.equals(await js.body()));
  // the download buttons submit the same fields elsewhere
  await p6.goBack();
  await p6.fill('#f-seed', '7');
  const [dl] = await Promise.all([p6.waitForEvent('download'), p6.click('button[formaction="/dungeon.json"]')]);
  assert.match(dl.url(), /\/dungeon\.json\?seed=7&.*&download=1$/);
  assert.equal(dl.suggestedFilename(), 'dungeon-7.json');
  await p6.context().close();
});

// ------------------------------------------------- the form and GET /options

await check('a key or format /options adds gets a control with no JavaScript change', async () => {
  const p7 = await newPage();
  await p7.route('**/options', async (r) => {
    const doc = await (await r.fetch()).json();
    doc.keys.push({ name: 'purpose', kind: 'name', group: 'family', values: ['crypt', 'temple'],
                    default: 'temple', families: ['donjon'], description: 'what the rooms were built for' },
                  { name: 'wander_depth', kind: 'integer', group: 'draw', min: 1, max: 9, odd: true,
                    default: 3, families: doc.families.map((f) => f.name), description: 'how deep' });
    doc.formats.push({ name: 'epub', route: '/dungeon.epub', media_type: 'application/epub+zip', download: 'epub' });
    await r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(doc) });
  });
  await p7.route('**/dungeon.*', (r) => r.fulfill({
    status: 400, contentType: 'application/json',
    body: JSON.stringify({ error: 'held back by the test', param: '', value: '', allowed: '' }) }));
  await p7.goto(`${base}/`);
  await failedRoll(p7);
  const got = await p7.evaluate(() => {
    const field = (k) => document.querySelector(`.field[data-key="${k}"]`);
    const q = new URLSearchParams(window.dgForm.buildQuery(window.dgForm.values()));
    return {
      purpose: [field('purpose').closest('fieldset').dataset.group, field('purpose').querySelector('label').textContent,
              [...document.querySelectorAll('#f-purpose option')].map((o) => o.textContent),
              document.getElementById('f-purpose').value, document.getElementById('h-purpose').textContent],
      depth: [field('wander_depth').closest('fieldset').dataset.group,
              field('wander_depth').querySelector('label').textContent,
              ['type', 'min', 'max', 'step', 'placeholder'].map((a) => document.getElementById('f-wander_depth').getAttribute(a))],
      sent: [q.get('purpose'), q.has('wander_depth')],
      epub: window.dgForm.FORMATS.find((f) => f.route === '/dungeon.epub')?.label,
      pdf: window.dgForm.FORMATS.find((f) => f.route === '/dungeon.pdf')?.label,
      sketch: [...document.querySelectorAll('#f-style option')].some((o) => o.value === 'sketch'),
    };
  });
  assert.deepEqual(got.purpose, ['dungeon', 'Purpose', ['Crypt', 'Temple'], 'temple', 'what the rooms were built for']);
  assert.deepEqual(got.depth, ['map', 'Wander depth', ['number', '1', '9', '2', '3']]);
  assert.deepEqual(got.sent, ['temple', false]);
  assert.equal(got.epub, 'EPUB', 'a format the page does not name is labelled by its name');
  assert.equal(got.pdf, 'Handout (PDF)', 'the handout is offered under the page\'s own words');
  assert.ok(got.sketch, 'style=sketch is offered');
  // only for its family: another algorithm hides it
  await p7.selectOption('#f-algorithm', 'caverns');
  assert.ok(await p7.locator('.field[data-key="purpose"]').isHidden());
  await p7.context().close();
});

await check('without /options the page says so and stays a plain form', async () => {
  // not watched: the refused /options is this check's own doing
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p8 = await ctx.newPage();
  const errors = [];
  p8.on('pageerror', (e) => errors.push(e.message));
  await p8.route('**/options', (r) => r.fulfill({ status: 503, body: 'busy' }));
  await p8.goto(`${base}/`);
  const e = p8.locator('#e-general');
  await e.waitFor({ state: 'visible' });
  assert.match(await e.innerText(), /could not load its options \(the server answered 503/);
  assert.ok(await p8.isVisible('.nojs-downloads'), 'the plain form\'s download buttons are offered');
  await p8.screenshot({ path: join(artifacts, 'no-options.png') });
  const [resp] = await Promise.all([p8.waitForNavigation(), p8.click('#roll')]);
  assert.equal(resp.headers()['content-type'], 'image/png');
  assert.deepEqual(errors, []);
  await ctx.close();
});

await check('a lair joined by reinforcements says when and how they come, as md does', async () => {
  const pw = await newPage();
  await pw.goto(`${base}/?seed=5898838&algorithm=cells&level=20&party=8&motif=vermin&rules=2024&danger=deadly`);
  await rolled(pw);
  const j = await mapJson(pw);
  const lair = j.rooms.find((r) => r.id === j.lair), e = lair.contents.encounter;
  assert.ok(e.reinforcements, 'the seed no longer shows a wave');
  const text = await pw.locator(`#room-${lair.id}`).innerText();
  assert.match(text, new RegExp(`^ROUND ${e.reinforcements.round}\\s+${e.reinforcements.text}`, 'im'), text);
  for (const m of e.monsters.filter((m) => m.arrives_round))
    assert.ok(text.includes(`CR ${m.cr} · AC ${m.ac} · HP ${m.hp} · in round ${m.arrives_round}`), text);
  // the read-aloud names none of the wave's kinds that are not there from the start
  const there = e.monsters.filter((m) => !m.arrives_round).map((m) => m.name);
  const aloud = await pw.locator(`#room-${lair.id} .read-aloud`).innerText();
  for (const m of e.monsters.filter((m) => m.arrives_round && !there.includes(m.name)))
    assert.ok(!aloud.toLowerCase().includes(m.name.toLowerCase()), aloud);
  await pw.context().close();
});

await check('the key shows what each room holds; the name heads the page', async () => {
  const p9 = await newPage();
  await p9.goto(`${base}/?seed=7&level=5&doors=deathtrap`);
  await rolled(p9);
  const j = await mapJson(p9);
  assert.equal(await p9.locator('#result-h').innerText(), j.name);
  assert.equal(await p9.title(), `${j.name} — dungeond`);
  // the made-up name shows in its field, and is not sent: a new seed names its own
  assert.equal(await p9.inputValue('#f-name'), j.name);
  assert.ok(!new URL(p9.url()).searchParams.has('name'));
  const roomText = (r) => p9.locator(`#room-${r.id}`).innerText();
  const fought = j.rooms.filter((r) => r.contents?.encounter);
  assert.ok(fought.length > 0);
  for (const r of fought) {
    const text = await roomText(r), e = r.contents.encounter;
    // the summary reads one creature as "a Grick", never donjon's "1 x Grick" (the JSON keeps it)
    const said = await p9.locator(`#room-${r.id} .summary`).innerText();
    assert.ok(!/\b1 x /.test(said), said);
    for (const m of e.monsters)
      assert.ok(said.toLowerCase().includes(m.count > 1 ? `${m.count} x ${m.name}`.toLowerCase()
                                                        : `${/^[aeiou]/i.test(m.name) ? 'an' : 'a'} ${m.name}`.toLowerCase()), said);
    assert.match(text, new RegExp(`^ENCOUNTER\\s+${e.difficulty}`, "im"), JSON.stringify(text));
    assert.ok(text.includes(`${e.xp.toLocaleString('en')} XP`), text);
    for (const m of e.monsters)
      assert.ok(text.includes(`${m.count > 1 ? `${m.count} × ` : ''}${m.name}`) &&
                text.includes(`CR ${m.cr} · AC ${m.ac} · HP ${m.hp}`), `${m.name} in ${text}`);
  }
  const hoard = j.rooms.find((r) => r.contents?.treasure);
  assert.ok((await roomText(hoard)).includes(`${hoard.contents.treasure.value_gp.toLocaleString('en')} gp`));
  const trapped = j.rooms.find((r) => r.contents?.traps.length);
  if (trapped) {
    const t = trapped.contents.traps[0];
    assert.ok((await roomText(trapped)).includes(`find DC ${t.find_dc}, disable DC ${t.disable_dc}`));
  }
  const locked = j.doors.find((d) => d.lock?.lock_dc && d.room !== 'corridor');
  if (locked) assert.ok((await roomText({ id: locked.room })).includes(`pick DC ${locked.lock.lock_dc}`));
  assert.equal(await p9.locator('#key-wandering-list > li').count(), j.wandering_monsters.length);
  assert.ok(j.wandering_monsters.length === 6);
  assert.match(await p9.locator('#key-history').innerText(), new RegExp(j.details.history.slice(1, 12)));
  assert.match(await p9.locator('#key-attribution').innerText(), /SRD 5\.1.*Creative Commons Attribution 4\.0/s);
  // the adventure opens the key as md's does: hook, goal, factions, the d6
  // rumour table marked for the GM, the alarm; each "room N" links its entry
  const adv = j.adventure, advText = await p9.locator('#key-adventure').innerText();
  for (const t of [adv.hook.text, adv.goal.text, adv.alarm.trigger, ...adv.factions.map((f) => f.want)])
    assert.ok(advText.includes(t), `${t} in ${advText}`);
  const rumourRows = await p9.locator('#key-adventure table.rumours tbody tr').allInnerTexts();
  const gmWord = { true: 'true', false: 'false', half: 'half-true' };
  assert.deepEqual(rumourRows.map((t) => t.split('\t').map((c) => c.trim())),
                   adv.rumours.map((r) => [String(r.roll), r.text, gmWord[r.truth]]));
  assert.ok(adv.rumours.some((r) => !r.true), 'a false or half-true rumour');
  const pointed = adv.rumours.find((r) => r.room && r.floor === 1);
  if (pointed)
    assert.ok(await p9.locator(`#key-adventure a[href="#room-${pointed.room}"]`).count() > 0, 'a rumour links its room');
  // clues and key holders sit in their rooms' entries
  for (const r of j.rooms) {
    for (const k of r.contents?.clues || []) assert.ok((await roomText(r)).includes(k.text), `clue in room ${r.id}`);
    for (const h of r.contents?.keys_held || [])
      assert.ok((await roomText(r)).includes(h.held_by || h.hidden_in), `key holder in room ${r.id}`);
  }
  // the goal's own room says so, as md's does
  if (adv.goal.room && (adv.goal.floor || 1) === 1) {
    const goalText = await roomText({ id: adv.goal.room });
    assert.ok(goalText.includes(`What the party came for is here. ${adv.goal.text}`), `goal in room ${adv.goal.room}`);
  }
  await p9.locator('#key-adventure').screenshot({ path: join(artifacts, 'desktop-adventure.png') });
  await p9.locator('#key').scrollIntoViewIfNeeded();
  await p9.screenshot({ path: join(artifacts, 'desktop-key.png') });
  await p9.locator(`#room-${fought[0].id}`).screenshot({ path: join(artifacts, 'desktop-room.png') });
  await p9.locator('#key-attribution').scrollIntoViewIfNeeded();
  await p9.screenshot({ path: join(artifacts, 'desktop-key-end.png') });
  // a name the GM types is sent and heads the page; the button goes back to the seed's
  await p9.fill('#f-name', 'The Sunken Vault');
  await p9.press('#f-name', 'Enter');
  await p9.waitForURL(/[?&]name=The(\+|%20)Sunken(\+|%20)Vault/);
  await rolled(p9);
  assert.equal(await p9.locator('#result-h').innerText(), 'The Sunken Vault');
  await p9.click('#f-name-reset');
  await p9.waitForURL((u) => !u.searchParams.has('name'));
  await rolled(p9);
  assert.equal(await p9.locator('#result-h').innerText(), j.name);
  assert.equal(await p9.inputValue('#f-name'), j.name);
  // the player's key holds no contents
  await p9.goto(`${base}/?seed=7&level=5&doors=deathtrap&view=player`);
  await rolled(p9);
  assert.equal(await p9.locator('#key .line, #key .summary').count(), 0);
  assert.equal(await p9.locator('#key-adventure').count(), 0, 'the player\'s key tells no adventure');
  assert.ok(!(await isVisible(p9, '#key-wandering')) && !(await isVisible(p9, '#key-attribution')));
  assert.doesNotMatch(await p9.locator('#key').innerText(), new RegExp(fought[0].contents.encounter.monsters[0].name));
  await p9.context().close();
  // phone width: the key reads in one column, nothing wider than the screen
  const p10 = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
                              deviceScaleFactor: 1 });
  await p10.goto(`${base}/?seed=7&level=5&doors=deathtrap`);
  await rolled(p10);
  const wide = await p10.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${wide}px sideways`);
  await p10.locator('#key-rooms').scrollIntoViewIfNeeded();
  await p10.locator(`#room-${fought[0].id}`).scrollIntoViewIfNeeded();
  await p10.screenshot({ path: join(artifacts, 'phone-key.png') });
  await p10.context().close();
});

await check('a room card\'s Reroll draws that room again and leaves every other room as it was', async () => {
  const pr = await newPage();
  await pr.goto(`${base}/?seed=7&level=5`);
  await rolled(pr);
  const before = await mapJson(pr);
  const room = before.rooms[1];
  await pr.locator(`#room-${room.id} button.reroll`).click();
  await pr.waitForURL((u) => u.searchParams.get('reroll') === `${room.id}:1`);
  await rolled(pr);
  const after = await mapJson(pr);
  for (let k = 0; k < before.rooms.length; k++) {
    const same = JSON.stringify(before.rooms[k].contents) === JSON.stringify(after.rooms[k].contents);
    if (before.rooms[k].id === room.id) assert.ok(!same, 'the rerolled room did not change');
    else assert.ok(same, `room ${before.rooms[k].id} changed`);
  }
  // again: the next variant of the same room
  await pr.locator(`#room-${room.id} button.reroll`).click();
  await pr.waitForURL((u) => u.searchParams.get('reroll') === `${room.id}:2`);
  await rolled(pr);
  await pr.context().close();
});

await check('stat blocks: a folded block per creature kind after the key, a monster opens its own, print opens all', async () => {
  const p = await newPage();
  await p.goto(`${base}/?seed=9&level=11`);
  await rolled(p);
  const j = await mapJson(p);
  assert.ok(j.bestiary.length > 0);
  const ids = await p.$$eval('#key-bestiary details.statblock', (d) => d.map((x) => x.id));
  assert.deepEqual(ids, j.bestiary.map((s) => `statblock-${s.id}`));
  assert.equal(await p.locator('#key-bestiary details.statblock[open]').count(), 0);
  // the blocks come after every floor's key and before the attribution
  assert.ok(await p.evaluate(() => {
    const b = document.getElementById('key-bestiary'), a = document.getElementById('key-attribution');
    return !!(b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      !!(document.getElementById('key-rooms').compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  }));
  const first = j.rooms.find((r) => r.contents?.encounter).contents.encounter.monsters[0];
  const url = p.url();
  await p.locator('#key a.sb-link').first().click();
  const block = p.locator(`#statblock-${first.bestiary}`);
  assert.equal(await block.getAttribute('open'), '');
  assert.equal(p.url(), url, 'following a monster leaves the URL (and the map) alone');
  const s = j.bestiary.find((x) => x.id === first.bestiary), text = await block.innerText();
  assert.ok(text.includes(s.name) && text.includes(s.armor) && text.includes(`${s.hp} (${s.hit_dice})`), text);
  for (const a of s.actions) assert.ok(text.includes(`${a.name}.`), `${a.name} in ${text}`);
  await block.screenshot({ path: join(artifacts, 'desktop-statblock.png') });
  // print: every block open
  await p.emulateMedia({ media: 'print' });
  await p.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const shown = await p.$$eval('#key-bestiary .sb-body', (b) => b.filter((x) => x.getBoundingClientRect().height > 0).length);
  assert.equal(shown, j.bestiary.length);
  await p.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await p.emulateMedia({ media: 'screen' });
  assert.equal(await p.locator('#key-bestiary details.statblock[open]').count(), 1, 'afterprint folds back what was folded');
  // the player's key has none
  await p.goto(`${base}/?seed=9&level=11&view=player`);
  await rolled(p);
  assert.equal(await p.locator('#key-bestiary').count(), 0);
  await p.context().close();
});

await check('the map is inline SVG: a room on it leads to its key entry, an entry lights its room', async () => {
  const p11 = await newPage();
  await p11.goto(`${base}/?seed=7&level=5`);
  await rolled(p11);
  await p11.waitForSelector('#map-svg svg g.room');
  assert.ok(!(await isVisible(p11, '#map')), 'the PNG gives way to the SVG');
  const lit = () => p11.evaluate(() => [...document.querySelectorAll('.hl')].map((e) => e.id).sort());
  // click room 3 on the map: its entry comes into view, both highlighted
  // (all of it, or from its heading when it is taller than the window)
  await p11.click('#map-room-3');
  await p11.waitForFunction(() => {
    const r = document.getElementById('room-3').getBoundingClientRect();
    return r.top >= 0 && (r.bottom <= window.innerHeight || (r.height > window.innerHeight && r.top < 1));
  });
  assert.deepEqual(await lit(), ['map-room-3', 'room-3']);
  // the smooth scroll has stopped (a hover mid-scroll lands on whatever
  // slides under the pointer next)
  await p11.waitForFunction(() => new Promise((done) => {
    const y = window.scrollY;
    setTimeout(() => done(window.scrollY === y), 100);
  }));
  assert.equal(await p11.evaluate(() => document.activeElement.id), 'room-3');
  await p11.screenshot({ path: join(artifacts, 'desktop-map-click.png') });
  // hovering an entry lights its room on the map
  await p11.hover('#room-2 h3');
  assert.deepEqual(await lit(), ['map-room-2', 'room-2']);
  await p11.locator('#map-figure').screenshot({ path: join(artifacts, 'desktop-map-hover.png') });
  // the keyboard: a room on the map takes focus and Enter follows it
  await p11.focus('#map-room-1');
  await p11.keyboard.press('Enter');
  await p11.waitForFunction(() => document.activeElement.id === 'room-1');
  assert.ok((await lit()).includes('map-room-1'));
  // the SVG's own ids cannot collide with the page's
  const dup = await p11.evaluate(() => {
    const seen = {}, out = [];
    document.querySelectorAll('[id]').forEach((e) => { if (seen[e.id]) out.push(e.id); seen[e.id] = 1; });
    return out;
  });
  assert.deepEqual(dup, []);
  await p11.context().close();
});

// The card scrolls up under a mouse that stays on the map: the highlight
// must stay on the room clicked, not on the card that lands under it.
await check('clicking a room on the map highlights that room\'s card, and only it (five rooms)', async () => {
  const pc = await newPage();
  await pc.goto(`${base}/?seed=202&level=3&party=5&motif=undead`);
  await rolled(pc);
  await pc.waitForSelector('#map-svg svg g.room');
  const lit = () => pc.evaluate(() => [...document.querySelectorAll('.hl')].map((e) => e.id).sort());
  for (const n of [5, 1, 4, 2, 3]) {
    await pc.evaluate(() => window.scrollTo(0, 0));
    await pc.click(`#map-room-${n}`);
    // the smooth scroll done: the card in view and still for a few frames,
    // then the time Chromium takes to hover what slid under the pointer
    await pc.waitForFunction((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      const still = window.__lastTop === r.top;
      window.__lastTop = r.top;
      return still && r.top < window.innerHeight && r.bottom > 0;
    }, `room-${n}`, { polling: 100, timeout: 5000 });
    await pc.waitForTimeout(250);
    assert.deepEqual(await lit(), [`map-room-${n}`, `room-${n}`], `clicked room ${n}`);
  }
  await pc.context().close();
});

await check('floors: a Floors control, buttons to step between floors, a key headed by floor', async () => {
  const p12 = await newPage();
  await p12.goto(`${base}/?seed=7&level=3`);
  await rolled(p12);
  // one floor: no buttons, no floor headings, the key as it always was
  assert.ok(await isVisible(p12, '#f-floors'), 'the Floors control comes from /options');
  assert.ok(!(await isVisible(p12, '#floors')), 'floor buttons for a single floor');
  assert.equal(await p12.locator('#key .floor-h:visible').count(), 0);
  // three floors: the control rolls them, buttons 1 2 3, floor 1 pressed
  await p12.fill('#f-floors', '3');
  await p12.press('#f-floors', 'Enter');
  await rolled(p12);
  assert.ok(await isVisible(p12, '#floors'));
  assert.deepEqual(await p12.locator('#floors button').allInnerTexts(), ['1', '2', '3']);
  assert.equal(await p12.getAttribute('#floors button[data-floor="1"]', 'aria-pressed'), 'true');
  assert.match(await p12.locator('#map-caption').innerText(), /floor 1 of 3/);
  const j = await p12.evaluate(async () => (await fetch('/dungeon.json?' + window.dgForm.buildQuery(window.dgForm.values()))).json());
  assert.equal(j.below.length, 2);
  // the key covers every floor, each headed by its number, rooms per floor
  assert.deepEqual(await p12.locator('#key .floor-h').allInnerTexts(), ['Floor 1', 'Floor 2', 'Floor 3']);
  assert.equal(await p12.locator('#key-rooms > li').count(), j.rooms.length);
  assert.equal(await p12.locator('#key-floor-2 .rooms > li').count(), j.below[0].rooms.length);
  assert.equal(await p12.locator('#key-floor-3 .rooms > li').count(), j.below[1].rooms.length);
  // each floor's heading carries its chapter, the lower floors' bosses in their lairs
  for (const ch of j.adventure.chapters) {
    const at = ch.floor === 1 ? '#chapter-1' : `#key-floor-${ch.floor} .chapter`;
    assert.equal(await p12.locator(at).innerText(), ch.text);
  }
  assert.deepEqual(j.adventure.chapters.map((c) => c.floor).filter((f) => f > 1), [2, 3]);
  assert.match(await p12.locator('#key-stairs').innerText(), /Down to floor 2 at column \d+, row \d+/);
  assert.match(await p12.locator('#key-floor-2 .stairs').innerText(), /Up to floor 1 at column \d+, row \d+/);
  // step to floor 2: its image and SVG, the permalink and downloads name it
  const before = await imageDigest(p12);
  await p12.click('#floors button[data-floor="2"]');
  await p12.waitForFunction(() => document.getElementById('status').textContent === 'Floor 2 of 3.');
  assert.equal(await p12.getAttribute('#floors button[data-floor="2"]', 'aria-pressed'), 'true');
  assert.match(await p12.getAttribute('#map', 'src'), /&floor=2$/);
  assert.notEqual((await imageDigest(p12)).sha, before.sha, 'floor 2 shows the top floor\'s image');
  assert.match(await p12.inputValue('#permalink'), /floors=3.*&floor=2$/);
  assert.match(new URL(p12.url()).search, /&floor=2$/);
  assert.match(await p12.getAttribute('.downloads a[data-type="image/png"]', 'href'), /&floor=2&download=1$/);
  assert.match(await p12.locator('#map-caption').innerText(), new RegExp(`floor 2 of 3 · .* · ${j.below[0].rooms.length} rooms?`));
  // a room on floor 2's map leads to floor 2's key entry
  await p12.waitForSelector('#map-svg svg g.room');
  await p12.click('#map-room-1');
  await p12.waitForFunction(() => document.activeElement.id === 'floor-2-room-1');
  await p12.locator('#map-figure').screenshot({ path: join(artifacts, 'desktop-floor-2.png') });
  // the link opens on floor 2; fewer floors than the one shown go back to 1
  const p13 = await newPage();
  await p13.goto(p12.url());
  await rolled(p13);
  assert.equal(await p13.getAttribute('#floors button[data-floor="2"]', 'aria-pressed'), 'true');
  await p13.fill('#f-floors', '1');
  await p13.press('#f-floors', 'Enter');
  await rolled(p13);
  assert.ok(!(await isVisible(p13, '#floors')));
  assert.doesNotMatch(new URL(p13.url()).search, /floor/);
  await p13.context().close();
  await p12.context().close();
});

// ---------------------------------------------------- a first-time user
// (issue 41 item 7) at 1280x800 and at 390x844, each with a screenshot.
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
];
// every visible control's height (a radio drawn as a segment: its label)
const TALL = 48;
async function tallControls(page) {
  return page.evaluate((tall) => [...document.querySelectorAll(
    'input:not([type="radio"]), select, button, .downloads a, summary, .segmented label')]
    .filter((c) => c.offsetParent && c.getClientRects().length)
    .map((c) => ({ c: c.id || c.getAttribute('for') || c.textContent.trim().slice(0, 20), h: c.getBoundingClientRect().height }))
    .filter((x) => x.h > tall), TALL);
}

for (const size of SIZES) {
  const phone = size.name === 'phone';
  await check(`${size.name} ${size.viewport.width}x${size.viewport.height}: family, style and view on the first screen, no control over ${TALL} px, grouped downloads`, async () => {
    const { name, ...opts } = size;
    const p = await newPage(opts);
    await p.goto(`${base}/?seed=7`);
    await rolled(p);
    if (phone) await p.click('#options-toggle');
    const first = await p.evaluate(() => ['f-algorithm', 'f-style', 'f-view'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, top: r.top, bottom: r.bottom, width: r.width };
    }));
    for (const f of first) {
      assert.ok(f.width > 0 && f.top >= 0 && f.bottom <= size.viewport.height,
                `${f.id} at ${f.top}..${f.bottom}px, outside the ${size.viewport.height}px first screen`);
    }
    assert.equal(await p.$eval('.controls', (c) => c.scrollTop), 0, 'the panel was not scrolled');
    assert.equal(await p.evaluate(() => window.scrollY), 0, 'the page was not scrolled');
    await p.screenshot({ path: join(artifacts, `first-screen-${name}.png`) });
    // with the options open, every group shown (cave keys, custom size too)
    await p.selectOption('#f-size', 'custom');
    await rolled(p);
    assert.deepEqual(await tallControls(p), []);
    // downloads: the likely one (the image) first, the rest under one control
    if (phone) await p.click('#options-toggle');
    const likely = p.locator('.downloads > a.likely');
    assert.equal(await likely.count(), 1);
    assert.equal(await likely.getAttribute('data-type'), 'image/png');
    assert.equal(await p.locator('.downloads > a').count(), 1, 'one download outside the group');
    assert.ok(!(await p.isVisible('.more-downloads .more-list a >> nth=0')), 'the rest start folded');
    await p.click('.more-downloads > summary');
    const more = await p.$$eval('.more-downloads .more-list a', (as) => as.map((a) => a.textContent));
    assert.deepEqual(['x', ...more], ['x', ...table.formats.slice(1).map((f) => f.label)],
                     'every /options format in the group, in the page\'s order');
    assert.ok(await p.isVisible('.more-downloads .more-list a >> nth=0'));
    assert.deepEqual(await tallControls(p), []);
    await p.locator('.toolbar').scrollIntoViewIfNeeded();
    await p.screenshot({ path: join(artifacts, `downloads-${name}.png`) });
    await p.context().close();
  });

  await check(`${size.name}: every bad value of a link beside its own field; the last good map stays when a roll fails`, async () => {
    const { name, ...opts } = size;
    const p = await newPage(opts);
    await p.goto(`${base}/?seed=5&rooms=lots&doors=many&level=99&cell=big&style=crayon&roms=dense`);
    await failedRoll(p);
    for (const [key, re] of [["rooms", /rooms must be one of:.*lots/], ["doors", /doors must be one of:.*many/],
                             ['level', /level must be an integer from 1 to 20.*99/], ['cell', /cell.*big/],
                             ["style", /style must be one of:.*crayon/]]) {
      assert.ok(await p.isVisible(`#e-${key}`), `no error beside ${key}`);
      assert.match(await p.locator(`#e-${key}`).innerText(), re);
      assert.equal(await p.getAttribute(`#f-${key}`, 'aria-invalid'), 'true', key);
    }
    assert.match(await p.locator('#e-general').innerText(), /unknown option 'roms' \(did you mean 'rows'\?\)/);
    assert.match(await p.locator('#status').innerText(), /6 values to fix/);
    await p.screenshot({ path: join(artifacts, `errors-${name}.png`), fullPage: true });
    // a good roll, then a roll the page refuses and one the daemon refuses:
    // the good map, its key and its downloads stay on the screen
    await p.goto(`${base}/?seed=5&size=custom&rows=21&cols=21`);
    await rolled(p);
    const good = await p.evaluate(() => ({ src: document.getElementById('map').src, url: location.href }));
    if (phone) await p.click('#options-toggle');
    await p.fill('#f-rows', '4');
    await p.press('#f-rows', 'Enter');
    await failedRoll(p);
    const kept = async (why) => {
      // the PNG, or the same map as inline SVG over it
      assert.ok(await p.isVisible('#map') || await p.isVisible('#map-svg svg'), `${why}: the map went`);
      assert.equal(await p.$eval('#map', (i) => i.src), good.src, `${why}: another image`);
      assert.ok(await p.$eval('#map-figure', (f) => f.classList.contains('stale')));
      assert.ok(await p.isVisible('.toolbar'));
      assert.equal(p.url(), good.url, `${why}: the address moved off the map shown`);
      assert.match(await p.locator('#status').innerText(), /last good one/);
    };
    await kept('a value the page refused');
    await p.fill('#f-rows', '1001');
    await p.fill('#f-cols', '1001');
    await p.press('#f-cols', 'Enter');
    await failedRoll(p);
    assert.match(await p.locator('#e-cell').innerText(), /pixel/);
    await kept('a map the daemon could not draw');
    await p.locator('#map-figure').scrollIntoViewIfNeeded();
    await p.screenshot({ path: join(artifacts, `failed-roll-${name}.png`) });
    await p.context().close();
  });
}

await check('phone: a control enlarges the map to the whole screen, pinch zoom allowed', async () => {
  const { name, ...opts } = SIZES[1];
  const p = await newPage(opts);
  await p.goto(`${base}/?seed=7`);
  await rolled(p);
  const meta = await p.getAttribute('meta[name="viewport"]', 'content');
  assert.doesNotMatch(meta, /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\D|$)/, meta);
  assert.ok(await p.isVisible('#map-full'));
  await p.click('#map-full');
  const r = await p.evaluate(() => {
    const f = document.getElementById('map-figure'), b = f.getBoundingClientRect();
    const m = (document.querySelector('#map-svg svg') || document.getElementById('map')).getBoundingClientRect();
    return { x: b.x, y: b.y, w: b.width, h: b.height, touch: getComputedStyle(f).touchAction,
             mapW: m.width, pressed: document.getElementById('map-full').getAttribute('aria-pressed') };
  });
  assert.deepEqual([r.x, r.y, r.w, r.h], [0, 0, 390, 844], 'the map covers the screen');
  assert.match(r.touch, /pinch-zoom|manipulation/, "pinch zoom allowed (manipulation is pan-x pan-y pinch-zoom)");
  assert.ok(r.mapW > 350, `the map ${r.mapW}px wide`);
  assert.equal(r.pressed, 'true');
  await p.screenshot({ path: join(artifacts, 'phone-full.png') });
  await p.keyboard.press('Escape');
  assert.ok(!(await p.$eval('#map-figure', (f) => f.classList.contains('full'))));
  await p.click('#map-full');
  await p.click('#map-full');
  assert.equal(await p.getAttribute('#map-full', 'aria-pressed'), 'false');
  await p.context().close();
});

await check('no script errors on any page', async () => {
  assert.deepEqual(problems, []);
});

await browser.close();
console.log(failures ? `${failures} browser check(s) failed` : 'all browser checks passed');
process.exit(failures ? 1 : 0);
