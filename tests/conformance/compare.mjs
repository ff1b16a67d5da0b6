// compare.mjs: field-by-field diff of two probe outputs (probe.c / probe.mjs).
//
// CLI:    node compare.mjs CANDIDATE.json REFERENCE.json [--rtol R] [--atol A]
//                [--only f1,section.f2,...] [--quiet]
//         prints one line per failing field and "N passed, M failed"; exit 0 iff M == 0.
// module: import { compareProbes } from './compare.mjs'
//
// An element passes when |a - b| <= atol * scale + rtol * |b|, where b is the
// reference and scale = max(1, max |b| over the field).
//
// Why an absolute floor at all: entries that are exactly zero in exact
// arithmetic (a bias force on a decoupled joint, an off-diagonal of M between
// independent trees, a body sitting at the origin) come out as 0 on one side
// and as the round-off of a cancelled sum on the other. That round-off is a few
// ulp of the terms that cancelled, and those terms are of the order of the
// largest entries of the same field, hence the floor is proportional to the
// field's scale. 1e-12 leaves ~4 decimal digits of headroom over double
// precision epsilon (2.2e-16) for sums of a few dozen terms, yet is 1000 times
// tighter than the relative tolerance, so it cannot hide a real error in an
// entry of ordinary size.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_RTOL = 1e-9;
export const DEFAULT_ATOL = 1e-12;

// fields compared up to sign, 4 numbers at a time (q and -q are the same rotation)
const QUAT_FIELDS = new Set(['xquat']);

function maxAbs(b) {
  let s = 0;
  for (const y of b) if (typeof y === 'number' && Math.abs(y) > s) s = Math.abs(y);
  return s;
}

// worst err/tolerance ratio over an array, and the index where it occurs. bound: optional
// per-entry absolute allowance; an entry then also passes within it.
function arrayError(a, b, rtol, atol, quat, bound = null) {
  if (!Array.isArray(a)) return { err: Infinity, why: 'missing or not an array' };
  if (a.length !== b.length) return { err: Infinity, why: `length ${a.length} vs ${b.length}` };
  const floor = atol * Math.max(1, maxAbs(b));
  let worst = 0, at = -1, va = 0, vb = 0;
  const step = quat ? 4 : 1;
  for (let i = 0; i < b.length; i += step) {
    for (let k = 0; k < step; k++) {
      const x = a[i + k], y = b[i + k];
      if (y === null || x === null) {
        if (x !== y) return { err: Infinity, why: `non-finite at [${i + k}]: ${x} vs ${y}` };
        continue;
      }
      let diff = Math.abs(x - y);
      if (quat) {
        // the other sign of the whole quaternion, if closer
        let same = 0, flip = 0;
        for (let j = 0; j < 4; j++) {
          same = Math.max(same, Math.abs(a[i + j] - b[i + j]));
          flip = Math.max(flip, Math.abs(a[i + j] + b[i + j]));
        }
        if (flip < same) diff = Math.abs(x + y);
      }
      // within the bound an entry passes (err <= 1); beyond it, err is the usual ratio, so
      // that err * rtol stays the rtol the entry would need (run.mjs relativeDistance)
      let e = diff / (floor + rtol * Math.abs(y));
      if (bound && bound[i + k] > 0 && diff <= bound[i + k]) e = Math.min(e, diff / bound[i + k]);
      if (!(e <= worst)) { worst = e; at = i + k; va = x; vb = y; }
    }
  }
  if (Number.isNaN(worst)) worst = Infinity;
  return { err: worst, why: at >= 0 && worst > 1 ? `at [${at}]: ${va} vs ${vb}` : '' };
}

function scalarError(a, b, rtol, atol) {
  if (typeof a !== 'number') return { err: Infinity, why: `missing (reference ${b})` };
  if (Number.isInteger(b) && Number.isInteger(a) && Math.abs(b) < 2 ** 31) {
    return { err: a === b ? 0 : Infinity, why: `${a} vs ${b}` };
  }
  const e = Math.abs(a - b) / (atol * Math.max(1, Math.abs(b)) + rtol * Math.abs(b));
  return { err: e, why: `${a} vs ${b}` };
}

// Contacts. Each reference contact is matched to a candidate between the same two geoms
// (either order) at the nearest position; geometry (dist, pos, frame) must agree within
// geomTol (absolute: narrow-phase solvers converge to a tolerance), the mixed parameters
// (includemargin, friction, solref, solreffriction, solimp) within rtol/atol like any
// field, geom1/geom2 and dim exactly. Three results: the set itself, whether the order
// is the oracle's too, and the exclude flags (set by the constraint stage).
const CONTACT_PARAMS = ['includemargin', 'friction', 'solref', 'solreffriction', 'solimp'];

function contactsMatch(ca, cb) {
  if (!Array.isArray(ca)) return { err: 'missing' };
  if (ca.length !== cb.length) return { err: `ncon ${ca.length} vs ${cb.length}` };
  const used = new Set();
  const key = (g) => [...g].sort((x, y) => x - y).join(',');
  const match = [];
  for (const c of cb) {
    let best = Infinity, bj = -1;
    ca.forEach((o, j) => {
      if (used.has(j) || key(o.geom) !== key(c.geom)) return;
      const e = Math.max(...o.pos.map((x, k) => Math.abs(x - c.pos[k])));
      if (e < best) { best = e; bj = j; }
    });
    if (bj < 0) return { err: `no contact between geoms ${c.geom}` };
    used.add(bj);
    match.push(bj);
  }
  return { match };
}

function contactsError(ca, cb, geomTol, rtol, atol) {
  const mm = contactsMatch(ca, cb);
  if (mm.err) return { err: Infinity, why: mm.err };
  let worst = 0, why = '';
  const note = (e, what) => { if (e > worst) { worst = e; why = what; } };
  cb.forEach((c, i) => {
    const o = ca[mm.match[i]];
    const tag = `contact ${i} (geoms ${c.geom})`;
    if (o.geom[0] !== c.geom[0] || o.geom[1] !== c.geom[1]) note(Infinity, `${tag}: geom order ${o.geom}`);
    if (o.dim !== c.dim) note(Infinity, `${tag}: dim ${o.dim} vs ${c.dim}`);
    note(Math.abs(o.dist - c.dist) / geomTol, `${tag}: dist ${o.dist} vs ${c.dist}`);
    for (const f of ['pos', 'frame']) {
      const r = arrayError(o[f], c[f], 0, geomTol, false);
      note(r.err, `${tag}: ${f} ${r.why}`);
    }
    for (const f of CONTACT_PARAMS) {
      const r = Array.isArray(c[f]) ? arrayError(o[f], c[f], rtol, atol, false)
        : scalarError(o[f], c[f], rtol, atol);
      note(r.err, `${tag}: ${f} ${r.why}`);
    }
  });
  return { err: worst, why };
}

// 0 when the candidate lists the contacts in the oracle's order
function contactsOrderError(ca, cb) {
  const mm = contactsMatch(ca, cb);
  if (mm.err) return { err: Infinity, why: mm.err };
  const at = mm.match.findIndex((j, i) => j !== i);
  return at < 0 ? { err: 0, why: '' } : { err: Infinity, why: `oracle contact ${at} is candidate contact ${mm.match[at]}` };
}

function contactsExcludeError(ca, cb) {
  const mm = contactsMatch(ca, cb);
  if (mm.err) return { err: Infinity, why: mm.err };
  const at = cb.findIndex((c, i) => ca[mm.match[i]].exclude !== c.exclude);
  return at < 0 ? { err: 0, why: '' }
    : { err: Infinity, why: `contact ${at}: exclude ${ca[mm.match[at]].exclude} vs ${cb[at].exclude}` };
}

// qfrc_constraint = J'efc_force is, per dof, a sum of terms J_ji*f_j that can cancel almost
// completely, and each f_j = -D_j*(J_j*qacc - aref_j) is itself a difference scaled by
// D_j = 1/R_j. Contacts between a parent and its child (or between coincident bodies) have
// diagApprox ~4e-14, hence R ~2e-15, D ~5e14 and forces ~1e17, while the dof's net force
// is ~50: the entry is then mostly round-off, eps*(|J|'|f|)_i ~ 1e17*2.2e-16 = 20 (|J|
// entrywise), and with a tangential row whose J*qacc and aref cancel, eps*D_j*|aref_j|
// reaches it through J' as well. Two correct engines differ by that much: measured, J
// differs by 1-8 ulps (from the contact frames), f by 1-262 ulps (from the solvers'
// updates of J*qacc - aref); both sum a dense J'f in row order, so the results differ by
// 0.1-10 eps*(|J|'|f|)_i. (With sparse J, 3.3.8 sums each dof's column over its stored
// entries in four interleaved partial sums, (s0+s2)+(s1+s3) and then the remainder, where
// Sinew goes in row order; matching that would not remove the J and f differences.) Each
// entry therefore also passes within
//   ROUNDOFF * ((|J|'|f|)_i + (|J|'(D*|aref|))_i)
// from the reference's two vectors (the probes print them as efc.absJT_force and
// efc.absJT_Daref). ROUNDOFF is DEFAULT_ATOL's round-off allowance (4 digits over eps),
// independent of the comparison's tolerance, so on a well-conditioned model, where those
// sums are the size of the entries, it is ~1e-6 of any tolerance used and changes nothing.
// Null when the reference has no such vectors.
const ROUNDOFF = DEFAULT_ATOL;
function qfrcConstraintBound(ref) {
  const e = ref.efc;
  if (!e || !Array.isArray(e.absJT_force) || !Array.isArray(e.absJT_Daref)) return null;
  return e.absJT_force.map((s, i) => ROUNDOFF * (s + e.absJT_Daref[i]));
}

//---------------------------------- constraint rows -----------------------------------------------

// Constraint rows (the probes' "efc" section) are compared per constraint, not by raw
// row index: each row is keyed by (efc_type, efc_id, k), k counting the rows of that
// constraint in order of occurrence (a limit has one row, a pyramidal contact 2(dim-1),
// an elliptic one dim). For contact rows efc_id is a contact index, so the candidate's
// id is first translated to the oracle contact it matches (contactsMatch): a different
// contact order, or an island reorder of the rows, shows up in efc.order and
// efc.contact_efc_address only, and every row field is compared with its counterpart.
export const EFC_TYPE_NAMES = ['equality', 'friction_dof', 'friction_tendon', 'limit_joint',
  'limit_tendon', 'contact_frictionless', 'contact_pyramidal', 'contact_elliptic'];
const isContactType = (t) => t >= 5 && t <= 7;
// real-valued row fields (width: numbers per row) and integer ones
export const EFC_ROW_FIELDS = { pos: 1, margin: 1, frictionloss: 1, diagApprox: 1, R: 1, D: 1,
  KBIP: 4, vel: 1, aref: 1, force: 1 };
export const EFC_INT_FIELDS = ['state'];
export const EFC_COUNTS = ['nefc', 'ne', 'nf', 'nl'];

function efcKeys(efc, contactMap) {
  const seen = new Map();
  return efc.type.map((t, i) => {
    let id = efc.id[i];
    if (contactMap && isContactType(t)) id = contactMap.get(id) ?? `sinew#${id}`;
    const base = `${t}:${id}`;
    const k = seen.get(base) || 0;
    seen.set(base, k + 1);
    return { key: `${base}:${k}`, type: t, id, k };
  });
}

const rowName = (r) => `${EFC_TYPE_NAMES[r.type] ?? 'type ' + r.type} id ${r.id} row ${r.k}`;

// Align the candidate's rows with the oracle's. Returns { map: oracle row -> candidate
// row (-1 when missing), keysA, keysB, contactNote } or { err }.
function efcAlign(cand, ref) {
  const ea = cand.efc, eb = ref.efc;
  if (!ea || !Array.isArray(ea.type)) return { err: 'no efc section in the candidate output' };
  let contactMap = null, contactNote = '';
  const mm = contactsMatch(cand.forward?.contacts, ref.forward?.contacts ?? []);
  if (mm.match) {
    contactMap = new Map(mm.match.map((j, i) => [j, i]));
  } else {
    contactNote = ` (contacts unmatched: ${mm.err}; contact rows keyed by raw contact index)`;
  }
  const keysA = efcKeys(ea, contactMap), keysB = efcKeys(eb, null);
  const where = new Map(keysA.map((r, j) => [r.key, j]));
  return { map: keysB.map((r) => where.get(r.key) ?? -1), keysA, keysB, contactNote, mm };
}

// per-type row counts, "limit_joint 3, contact_pyramidal 8"
function typeCounts(keys) {
  const n = new Map();
  for (const r of keys) n.set(r.type, (n.get(r.type) || 0) + 1);
  return [...n].map(([t, c]) => `${EFC_TYPE_NAMES[t] ?? t} ${c}`).join(', ') || 'none';
}

// the same set of constraint rows (every oracle row has a candidate row and vice versa)
function efcRowsError(al) {
  const missing = al.map.findIndex((j) => j < 0);
  const hit = new Set(al.map);
  const extra = al.keysA.findIndex((_, j) => !hit.has(j));
  if (missing < 0 && extra < 0) return { err: 0, why: '' };
  const parts = [`rows ${al.keysA.length} vs ${al.keysB.length} ` +
    `[${typeCounts(al.keysA)}] vs [${typeCounts(al.keysB)}]`];
  if (missing >= 0) parts.push(`oracle row ${missing} (${rowName(al.keysB[missing])}) missing`);
  if (extra >= 0) parts.push(`extra row ${extra} (${rowName(al.keysA[extra])})`);
  return { err: Infinity, why: parts.join('; ') + al.contactNote };
}

// the rows in the oracle's order
function efcOrderError(al) {
  const at = al.map.findIndex((j, i) => j !== i);
  if (at < 0 && al.keysA.length === al.keysB.length) return { err: 0, why: '' };
  if (at < 0) return { err: Infinity, why: `${al.keysA.length} rows vs ${al.keysB.length}` };
  return { err: Infinity, why: `oracle row ${at} (${rowName(al.keysB[at])}) is candidate row ` +
    `${al.map[at]}${al.contactNote}` };
}

// each contact's efc_address points at the same constraint's first row (or both are -1)
function efcAddressError(cand, ref, al) {
  if (!al.mm.match) return { err: Infinity, why: `contacts unmatched: ${al.mm.err}` };
  const aa = cand.efc.contact_efc_address || [], ab = ref.efc.contact_efc_address || [];
  for (let i = 0; i < ab.length; i++) {
    const j = al.mm.match[i], a = aa[j], b = ab[i];
    const ka = a >= 0 ? al.keysA[a]?.key : -1, kb = b >= 0 ? al.keysB[b]?.key : -1;
    if (ka !== kb || (a < 0) !== (b < 0)) {
      return { err: Infinity, why: `contact ${i} (candidate contact ${j}): efc_address ${a} ` +
        `(${a >= 0 && al.keysA[a] ? rowName(al.keysA[a]) : 'none'}) vs ${b} ` +
        `(${b >= 0 && al.keysB[b] ? rowName(al.keysB[b]) : 'none'})` };
    }
  }
  return { err: 0, why: '' };
}

// a row field over the matched rows; the floor scale is the oracle field's largest entry
function efcFieldError(cand, ref, al, f, width, rtol, atol) {
  const a = cand.efc[f], b = ref.efc[f];
  if (!Array.isArray(a)) return { err: Infinity, why: 'missing or not an array' };
  const floor = atol * Math.max(1, maxAbs(b));
  let worst = 0, why = '';
  al.map.forEach((j, i) => {
    if (j < 0) return;
    for (let c = 0; c < width; c++) {
      const x = a[j * width + c], y = b[i * width + c];
      const e = (x === null || y === null) ? (x === y ? 0 : Infinity)
        : Math.abs(x - y) / (floor + rtol * Math.abs(y));
      if (!(e <= worst)) {
        worst = e;
        why = `oracle row ${i} (${rowName(al.keysB[i])}${width > 1 ? `, [${c}]` : ''}` +
          `${j !== i ? `, candidate row ${j}` : ''}): ${x} vs ${y}`;
      }
    }
  });
  if (Number.isNaN(worst)) worst = Infinity;
  return { err: worst, why: worst > 1 ? why : '' };
}

function efcIntError(cand, ref, al, f) {
  const a = cand.efc[f], b = ref.efc[f];
  if (!Array.isArray(a)) return { err: Infinity, why: 'missing or not an array' };
  const i = al.map.findIndex((j, i) => j >= 0 && a[j] !== b[i]);
  return i < 0 ? { err: 0, why: '' }
    : { err: Infinity, why: `oracle row ${i} (${rowName(al.keysB[i])}): ${a[al.map[i]]} vs ${b[i]}` };
}

// The efc section as named results: efc.nefc/ne/nf/nl (counts), efc.rows (the same
// constraints), efc.order (in the same order), efc.contact_efc_address, each row field
// (efc.pos ... efc.force, efc.state) and efc.nisland, efc.solver_niter (exact).
function efcResults(cand, ref, rtol, atol, want) {
  const out = [];
  const eb = ref.efc;
  if (!eb) return out;
  const al = efcAlign(cand, ref);
  for (const f of [...EFC_COUNTS, 'nisland']) {
    if (want(f)) out.push([f, scalarError(cand.efc?.[f], eb[f], rtol, atol)]);
  }
  if (want('solver_niter')) {
    const a = cand.efc?.solver_niter, b = eb.solver_niter;
    const same = Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
    out.push(['solver_niter', same ? { err: 0, why: '' }
      : { err: Infinity, why: `${JSON.stringify(a)} vs ${JSON.stringify(b)}` }]);
  }
  const checks = [['rows', () => efcRowsError(al)], ['order', () => efcOrderError(al)],
    ['contact_efc_address', () => efcAddressError(cand, ref, al)]];
  for (const [f, w] of Object.entries(EFC_ROW_FIELDS)) {
    checks.push([f, () => efcFieldError(cand, ref, al, f, w, rtol, atol)]);
  }
  for (const f of EFC_INT_FIELDS) checks.push([f, () => efcIntError(cand, ref, al, f)]);
  for (const [f, fn] of checks) {
    if (want(f)) out.push([f, al.err ? { err: Infinity, why: al.err } : fn()]);
  }
  return out;
}

// Compare candidate against reference. only: optional Set of "field" or
// "section.field" names (the efc section only by "efc.field"). Returns
// { passed, failed, failures: [{name, err, why}] }.
export function compareProbes(cand, ref, { rtol = DEFAULT_RTOL, atol = DEFAULT_ATOL, only = null,
  sections = ['model', 'forward', 'efc', 'steps'] } = {}) {
  const res = { passed: 0, failed: 0, failures: [] };
  if (cand.error || ref.error) {
    res.failed = 1;
    res.failures.push({ name: 'load', err: Infinity,
      why: `candidate ${cand.error ? 'error: ' + (cand.message || cand.error) : 'ok'}, ` +
        `reference ${ref.error ? 'error: ' + (ref.message || ref.error) : 'ok'}` });
    return res;
  }
  for (const section of sections) {
    if (section === 'efc') {
      const want = (f) => !only || only.has(`efc.${f}`);
      for (const [f, r] of efcResults(cand, ref, rtol, atol, want)) {
        if (r.err <= 1) res.passed++;
        else { res.failed++; res.failures.push({ name: `efc.${f}`, err: r.err, why: r.why }); }
      }
      continue;
    }
    const sb = ref[section] || {}, sa = cand[section] || {};
    for (const [k, vb] of Object.entries(sb)) {
      const name = `${section}.${k}`;
      const sub = k === 'contacts';
      if (only && !sub && !only.has(name) && !only.has(k)) continue;
      const va = sa[k];
      let r;
      if (k === 'contacts') {
        // contacts_order and contacts_exclude are reported as fields of their own
        for (const [sub, fn] of [['contacts_order', contactsOrderError], ['contacts_exclude', contactsExcludeError]]) {
          const sname = `${section}.${sub}`;
          if (only && !only.has(sname) && !only.has(sub)) continue;
          const rs = fn(va, vb);
          if (rs.err <= 1) res.passed++;
          else { res.failed++; res.failures.push({ name: sname, err: rs.err, why: rs.why }); }
        }
        if (only && !only.has(name) && !only.has(k)) continue;
        r = contactsError(va, vb, Math.max(atol, 1e-6), rtol, atol);
      } else if (Array.isArray(vb)) {
        const bound = section === 'forward' && k === 'qfrc_constraint'
          ? qfrcConstraintBound(ref) : null;
        r = arrayError(va, vb, rtol, atol, QUAT_FIELDS.has(k), bound);
      }
      else if (typeof vb === 'number') r = scalarError(va, vb, rtol, atol);
      else continue;
      if (r.err <= 1) res.passed++;
      else { res.failed++; res.failures.push({ name, err: r.err, why: r.why }); }
    }
  }
  return res;
}

export function formatFailures(res, indent = '') {
  return res.failures.map((f) => `${indent}${f.name}: err ${Number.isFinite(f.err)
    ? f.err.toPrecision(3) : f.err} ${f.why}`).join('\n');
}

function main() {
  const args = process.argv.slice(2);
  const opts = {};
  let quiet = false;
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rtol') opts.rtol = parseFloat(args[++i]);
    else if (args[i] === '--atol') opts.atol = parseFloat(args[++i]);
    else if (args[i] === '--only') opts.only = new Set(args[++i].split(','));
    else if (args[i] === '--quiet') quiet = true;
    else files.push(args[i]);
  }
  if (files.length !== 2) {
    console.error('usage: node compare.mjs CANDIDATE.json REFERENCE.json [--rtol R] [--atol A] [--only f,...] [--quiet]');
    process.exit(2);
  }
  const [a, b] = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  const res = compareProbes(a, b, opts);
  if (!quiet && res.failures.length) console.log(formatFailures(res));
  console.log(`${res.passed} passed, ${res.failed} failed`);
  process.exit(res.failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) main();
