// node-check.js -- is this Node.js enough for the npm packages a test
// installs? Reads DIR/package-lock.json (what `npm ci` will install) and
// DIR/package.json for each DIR, and compares every package's engines.node
// with a Node.js version. It decides nothing about npm or the network.
//
//   node tools/node-check.js DIR...          this Node (process.version)
//   node tools/node-check.js --floor DIR...  the lowest Node each DIR's own
//                                            package.json promises (">=18":
//                                            Debian 12's), so a machine with
//                                            a newer Node still sees a lock
//                                            that leaves Debian 12 behind
//
// Enough: one sentence on stdout saying which Node and why, exit 0. Not
// enough: one sentence per offending package on stderr, exit 1. Plain
// CommonJS with no newer syntax, so that an old Node still gets to say it.
'use strict';
var fs = require('fs');
var path = require('path');

// A version as [major, minor, patch]; a partial one ("18", "18.2", "1.x")
// keeps only the numbers given. null when it is not a version at all.
function parseVersion(text) {
  var m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:[-+].*)?$/.exec(text);
  if (!m) return null;
  var parts = [];
  for (var i = 1; i <= 3 && m[i] !== undefined && /^\d+$/.test(m[i]); i++) parts.push(Number(m[i]));
  return parts;
}

function compare(a, b) {
  for (var i = 0; i < 3; i++) if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) < (b[i] || 0) ? -1 : 1;
  return 0;
}

// The smallest version above every version that starts with `parts`
// ("18" -> 19.0.0, "18.2" -> 18.3.0).
function pastPartial(parts) {
  var next = parts.slice();
  next[next.length - 1]++;
  return next;
}

// One comparator ("^1.2", ">=18", "~3.1.0", "16.x", "*") as a list of
// [op, version] bounds that must all hold; null when it cannot be read.
function comparatorBounds(text) {
  var m = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(text);
  var op = m[1] || '', parts = parseVersion(m[2]);
  if (parts === null) return null;
  if (parts.length === 0) return op === '<' || op === '>' ? [['<', [0, 0, 0]]] : [];
  var full = parts.length === 3;
  switch (op) {
    case '>=': return [['>=', parts]];
    case '>': return full ? [['>', parts]] : [['>=', pastPartial(parts)]];
    case '<': return [['<', parts]];
    case '<=': return full ? [['<=', parts]] : [['<', pastPartial(parts)]];
    case '~': return [['>=', parts], ['<', parts.length === 1 ? [parts[0] + 1] : [parts[0], parts[1] + 1]]];
    case '^': {
      // the first non-zero number given may not change
      var keep = 0;
      while (keep < parts.length - 1 && parts[keep] === 0) keep++;
      return [['>=', parts], ['<', pastPartial(parts.slice(0, keep + 1))]];
    }
    default: return full ? [['>=', parts], ['<=', parts]] : [['>=', parts], ['<', pastPartial(parts)]];
  }
}

function holds(version, bound) {
  var c = compare(version, bound[1]);
  switch (bound[0]) {
    case '>=': return c >= 0;
    case '>': return c > 0;
    case '<': return c < 0;
    default: return c <= 0;    // '<='
  }
}

// Does version satisfy the npm range? null when the range cannot be read.
function satisfies(version, range) {
  var alternatives = String(range).split('||');
  var readable = false;
  for (var i = 0; i < alternatives.length; i++) {
    var alt = alternatives[i].trim();
    var hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(alt);
    if (hyphen) alt = '>=' + hyphen[1] + ' <=' + hyphen[2];
    // ">= 16" is one comparator: join an operator to its version
    var comparators = alt.replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean);
    if (comparators.length === 0) comparators = ['*'];
    var ok = true;
    for (var j = 0; j < comparators.length; j++) {
      var bounds = comparatorBounds(comparators[j]);
      if (bounds === null) return null;
      for (var k = 0; k < bounds.length; k++) if (!holds(version, bounds[k])) ok = false;
    }
    readable = true;
    if (ok) return true;
  }
  return readable ? false : null;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function main(argv) {
  var floor = argv[0] === '--floor';
  var dirs = floor ? argv.slice(1) : argv;
  if (dirs.length === 0) {
    process.stderr.write('usage: node tools/node-check.js [--floor] DIR...\n');
    return 2;
  }
  var problems = [], ranges = [], floors = [], count = 0;
  var here = 'Node.js ' + process.version + ' at ' + process.execPath;
  for (var d = 0; d < dirs.length; d++) {
    var dir = dirs[d], own, lock;
    try {
      own = readJson(path.join(dir, 'package.json'));
      lock = readJson(path.join(dir, 'package-lock.json'));
    } catch (e) {
      problems.push(dir + ': cannot read its package.json and package-lock.json (' + e.message + ')');
      continue;
    }
    var promised = own.engines && own.engines.node;
    var version, label;
    if (floor) {
      // the floor is the version a ">=X.Y.Z" promise starts at
      var m = /^>=\s*(\S+)$/.exec(promised || '');
      version = m && parseVersion(m[1]);
      if (!version || version.length === 0) {
        problems.push(dir + '/package.json: engines.node must say ">=VERSION" (the oldest Node.js the tests promise to ' +
                      'run on), not ' + JSON.stringify(promised || null));
        continue;
      }
      while (version.length < 3) version.push(0);
      label = 'Node.js ' + version.join('.') + ', the oldest ' + dir + '/package.json promises (' + promised + '),';
      floors.push(dir + ': ' + version.join('.'));
    } else {
      version = parseVersion(process.version);
      label = here;
      if (promised && satisfies(version, promised) === false)
        problems.push(dir + ' needs Node.js ' + promised + ' (its package.json says so), but ' + label +
                      ' is not in that range: install a Node.js in that range');
    }
    var packages = lock.packages || {};
    var names = Object.keys(packages).sort();
    for (var i = 0; i < names.length; i++) {
      if (names[i] === '') continue;             // the test package itself
      var entry = packages[names[i]];
      var name = names[i].replace(/^.*node_modules\//, '');
      count++;
      var range = entry.engines && entry.engines.node;
      if (!range) continue;
      if (ranges.indexOf(range) < 0) ranges.push(range);
      var ok = satisfies(version, range);
      if (ok === null)
        problems.push(dir + ': cannot read engines.node "' + range + '" of ' + name + ' ' + entry.version +
                      ' in its package-lock.json');
      else if (!ok)
        problems.push(dir + ' needs Node.js ' + range + ' (' + name + ' ' + entry.version + ' in its package-lock.json ' +
                      'requires it), but ' + label + ' is not in that range' +
                      ': ' + (floor ? '' : 'install a Node.js in that range, or ') + 'pin a release of ' + name +
                      ' that accepts ' + (floor ? 'it' : 'this one') + ' in ' + dir + '/package.json');
    }
  }
  if (problems.length > 0) {
    for (var p = 0; p < problems.length; p++) process.stderr.write(problems[p] + '\n');
    return 1;
  }
  var what = 'the ' + count + ' npm packages the tests install (' + dirs.join(', ') + ')';
  var why = 'it is in every engines.node range they name (' + (ranges.length ? ranges.join(', ') : 'none') + ')';
  process.stdout.write(floor
    ? 'The oldest Node.js each package.json promises (' + floors.join(', ') + ') is enough for ' + what + ': ' + why + '\n'
    : here + ' is enough for ' + what + ': ' + why + '\n');
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
module.exports = { satisfies: satisfies, parseVersion: parseVersion };
