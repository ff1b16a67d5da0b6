// compare_model.mjs: full-field comparison of a compiled model, Sinew against
// MuJoCo 3.3.8. Every mjModel field both sides know is compared (sizes, every array of
// src/model/fields.h, opt.*, stat.*), not only the probe's subset.
//
//   node compare_model.mjs --dump BUILD/tests/conformance/dump_model MODEL.xml... [--verbose]
//   node compare_model.mjs --dump ... --shared scope/full.txt   the corpus models listed
//                                       there (skips, exit 77, when the corpus is absent)
//
// Tolerance as in compare.mjs: |a - b| <= 1e-12 * max(1, max|b|) + 1e-9 * |b|; integer
// fields must be equal; FIELD_RTOL lists the fields compared at their own tolerance. Exit 0 when every model agrees, 1 otherwise, 77 (skip) when
// mujoco-js is not available.
//
// Fields known to differ for documented reasons are listed in KNOWN below (field ->
// reason, optionally restricted to models whose file name matches a pattern). They are
// reported as "known" and do not fail the test; everything else must agree exactly as
// listed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDir } from './corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RTOL = 1e-9, ATOL = 1e-12;
// Length ranges computed at compile time are themselves the result of a simulation
// (issue 5 asks for 1e-3 relative; run.mjs uses the same).
const FIELD_RTOL = { actuator_lengthrange: 1e-3 };

// Oracle fields Sinew does not produce: the raw buffer and its size (layout is an
// implementation detail), and the signature (a hash of the layout). Embind also
// exposes non-field members, which are ignored because Sinew has no such key.
const NOT_COMPARED = new Set(['buffer', 'nbuffer', 'signature']);

const KNOWN = [
  { field: /^bvh_(nodeid|child|depth|aabb)$/,
    reason: 'bounding-volume trees: when two geom boxes tie on the split axis, the order of ' +
            'nodes is an implementation choice (same trees up to node order); with ' +
            'fusestatic 3.3.8 also leaves stale ids in internal nodes (see src/compiler/fuse.c)' },
  { field: /^(nmeshpoly|nmeshpolyvert|nmeshpolymap|mesh_(face|facenormal|graph|poly\w*))$/,
    model: /^mujoco-test\/user\/testdata\/makemesh\.xml$/,
    reason: 'the hemispherical wedge "30 30 180 90 0" (mesh w8): qhull triangulates its ' +
            'coplanar grid quads and latitude rings differently (1611 of 1796 faces shared, ' +
            'order equal up to face 9), so its faces, graph and polygons follow. Its float ' +
            'vertices are bit-identical to 3.3.8\'s (recovered from mesh_vert/pos/quat on ' +
            'both sides; only 60 z values of ~1e-18 at phi = +-90 deg cannot be recovered, ' +
            'and neither 0 nor the neighbouring cos(pi/2) roundings reproduce the faces), ' +
            'and the options match ("qhull Qt", same tolerances); the qhull builds differ: ' +
            '3.3.8 bundles "2020.2.r 2023/01/02", Sinew links Debian\'s "2020.2.r 2020/08/31". ' +
            'Every other mesh matches' },
];

function known(field, model, a, b) {
  for (const k of KNOWN) {
    if (k.field.test(field) && (!k.model || k.model.test(model)) &&
        (!k.within || (Array.isArray(a) && Array.isArray(b) && k.within(a, b)))) return k.reason;
  }
  return null;
}

function maxAbs(v) {
  let s = 0;
  for (const y of v) if (typeof y === 'number' && Math.abs(y) > s) s = Math.abs(y);
  return s;
}

// First disagreement of a field, or null.
function diff(a, b, rtol = RTOL) {
  // digests of very long arrays (see tools/dump_model.mjs) must be equal
  if (typeof a === 'string' || typeof b === 'string') return a === b ? null : `${a} vs ${b}`;
  const av = Array.isArray(a) ? a : [a], bv = Array.isArray(b) ? b : [b];
  if (av.length !== bv.length) return `length ${av.length} vs ${bv.length}`;
  const floor = (rtol === RTOL ? ATOL : rtol) * Math.max(1, maxAbs(bv));
  for (let i = 0; i < bv.length; i++) {
    // NaN travels through JSON as null
    const x = Number.isNaN(av[i]) ? null : av[i], y = Number.isNaN(bv[i]) ? null : bv[i];
    if (x === null || y === null) {
      if (x !== y) return `[${i}]: ${x} vs ${y}`;
      continue;
    }
    if (Math.abs(x - y) > floor + rtol * Math.abs(y)) return `[${i}]: ${x} vs ${y} (n=${bv.length})`;
  }
  return null;
}

export function compareModel(cand, ref, model) {
  const out = { passed: 0, failed: [], known: [], missing: [] };
  for (const [k, vb] of Object.entries(ref)) {
    if (NOT_COMPARED.has(k)) continue;
    if (!(k in cand)) {
      // embind helpers (constructor, copy, ...) are not model fields
      if (/^(opt|stat)\.(constructor|copy)$|^constructor$|^copy$|^delete$/.test(k)) continue;
      out.missing.push(k);
      continue;
    }
    const d = diff(cand[k], vb, FIELD_RTOL[k]);
    if (!d) { out.passed++; continue; }
    const why = known(k, model, cand[k], vb);
    (why ? out.known : out.failed).push({ field: k, detail: d, why });
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  let dump = null, verbose = false, shared = null;
  const models = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dump') dump = args[++i];
    else if (args[i] === '--shared') shared = args[++i];
    else if (args[i] === '--verbose') verbose = true;
    else models.push(args[i]);
  }
  if (shared) {
    const dir = sharedDir();
    if (!dir) {
      console.log('SKIP: no shared model corpus (set SINEW_SHARED_MODELS or put it at <repo>/../shared/models)');
      process.exit(77);
    }
    for (const line of fs.readFileSync(path.resolve(dir, shared), 'utf8').split('\n')) {
      if (line.trim() && !line.startsWith('#')) models.push(path.join(dir, line.trim()));
    }
  }
  if (!dump || !models.length) {
    console.error('usage: node compare_model.mjs --dump DUMP_MODEL (MODEL.xml... | --shared LIST) [--verbose]');
    process.exit(2);
  }
  let mj, dumpModel;
  try {
    ({ dumpModel } = await import(path.join(here, '../../tools/dump_model.mjs')));
    const { loadOracle } = await import(path.join(here, 'probe.mjs'));
    mj = await loadOracle();
  } catch (e) {
    console.log(`SKIP: oracle not available (${e.message || e})`);
    process.exit(77);
  }
  let bad = 0;
  for (const model of models) {
    const ref = dumpModel(mj, model);
    const run = spawnSync(dump, [model], { encoding: 'utf8', maxBuffer: 1 << 30 });
    let cand;
    try { cand = JSON.parse(run.stdout); } catch { cand = { error: `no output (${run.stderr})` }; }
    const name = path.basename(model), shown = shared ? path.relative(sharedDir(), model) : name;
    if (ref.error || cand.error) {
      // both failing to load is agreement; one failing is not
      const ok = !!ref.error && !!cand.error;
      if (!ok) bad++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${shown}: load ${ref.error ? 'fails' : 'succeeds'} in ` +
                  `MuJoCo${ref.error ? ` (${ref.error})` : ''}, ${cand.error ? 'fails' : 'succeeds'}` +
                  ` in Sinew${cand.error ? ` (${cand.error})` : ''}`);
      continue;
    }
    const r = compareModel(cand, ref, shown);
    if (r.failed.length || r.missing.length) bad++;
    console.log(`${r.failed.length || r.missing.length ? 'FAIL' : 'ok  '} ${shown}: ` +
                `${r.passed} fields agree, ${r.failed.length} differ, ${r.known.length} known` +
                (r.missing.length ? `, missing in Sinew: ${r.missing.join(' ')}` : ''));
    for (const f of r.failed) console.log(`     ${f.field}${f.detail.startsWith('[') ? '' : ': '}${f.detail}`);
    if (verbose) for (const f of r.known) console.log(`     known ${f.field}${f.detail.startsWith('[') ? '' : ': '}${f.detail} -- ${f.why}`);
  }
  process.exit(bad ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
