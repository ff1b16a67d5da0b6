// efc_compare.mjs: compares Sinew's constraint rows (efc_dump) with MuJoCo 3.3.8's
// (mujoco-js) after mj_forward on the same model and state, row by row: type, id,
// the Jacobian, pos, margin, frictionloss, diagApprox, R, D, KBIP, vel, aref, and each
// contact's exclude flag, efc_address and mu.
//
//   node efc_compare.mjs --dump PATH/efc_dump [--seed N | --seeds N,M,...] [--tol T]
//        [--key] [--steps K] [--oracle-contacts] [--opt NAME VALUE]... [--verbose]
//        [--list FILE] MODEL.xml...
//
// --list adds the models listed in FILE (one path a line, relative to the directory above
// FILE's, as in ../shared/models/scope/*.txt; a relative FILE not found is looked for in
// the shared corpus). Models either side cannot load are skipped.
//
// --oracle-contacts hands the oracle's contacts to Sinew in place of its own collision
// detection, so the rows are compared even where the narrow phase still differs.
// The state is qpos0 (or keyframe 0) plus a small reproducible perturbation (seed 0:
// none), then K oracle steps (--steps: things fall into contact). Exit 0 when everything agrees within tol (relative to max(1, |value|)),
// 1 otherwise, 77 when mujoco-js is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { findMujocoJs, loadOracle, makeRng, stageModel } from './probe.mjs';

const args = process.argv.slice(2);
const opts = { dump: null, seeds: [1], tol: 1e-9, key: false, verbose: false, oracleContacts: false, steps: 0, set: [], models: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--dump') opts.dump = args[++i];
  else if (a === '--seed') opts.seeds = [parseInt(args[++i], 10)];
  else if (a === '--seeds') opts.seeds = args[++i].split(',').map((x) => parseInt(x, 10));
  else if (a === '--tol') opts.tol = parseFloat(args[++i]);
  else if (a === '--key') opts.key = true;
  else if (a === '--verbose') opts.verbose = true;
  else if (a === '--oracle-contacts') opts.oracleContacts = true;
  else if (a === '--steps') opts.steps = parseInt(args[++i], 10);
  else if (a === '--list') {
    // a relative list is looked for as given, then in the shared corpus ($SINEW_SHARED_MODELS
    // or <repo>/../shared/models, as run.mjs does)
    const given = args[++i];
    const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
    const list = [given, path.join(process.env.SINEW_SHARED_MODELS || '', given),
      path.resolve(repo, '../shared/models', given)].find((f) => fs.existsSync(f));
    if (!list) {
      console.log(`SKIP: no model list ${given}`);
      process.exit(77);
    }
    const base = path.dirname(path.dirname(path.resolve(list)));
    for (const line of fs.readFileSync(list, 'utf8').split('\n')) {
      const t = line.trim();
      if (t && !t.startsWith('#')) opts.models.push(path.join(base, t));
    }
  }
  else if (a === '--opt') { opts.set.push([args[i + 1], parseFloat(args[i + 2])]); i += 2; }
  else opts.models.push(a);
}
if (!opts.dump || !opts.models.length) {
  console.error('usage: node efc_compare.mjs --dump EFC_DUMP [--seed N] [--tol T] [--opt NAME VALUE]... MODEL.xml...');
  process.exit(2);
}
if (!findMujocoJs()) {
  console.log('SKIP: mujoco-js not found');
  process.exit(77);
}
const mj = await loadOracle();

// Small joint-space perturbation: contacts and limits change a little, not wholesale.
function perturb(m, d, seed) {
  if (!seed) return;
  const r = makeRng(seed).symmetric, qpos = d.qpos, qvel = d.qvel;
  for (let j = 0; j < m.njnt; j++) {
    const a = m.jnt_qposadr[j], t = m.jnt_type[j];
    const nq = t === 0 ? 7 : t === 1 ? 4 : 1;
    const quat = t === 0 ? 3 : t === 1 ? 0 : -1;
    for (let k = 0; k < nq; k++) qpos[a + k] += (k >= quat && quat >= 0 ? 0.05 : 0.02) * r();
    if (quat >= 0) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += qpos[a + quat + k] ** 2;
      s = Math.sqrt(s);
      for (let k = 0; k < 4; k++) qpos[a + quat + k] /= s;
    }
  }
  for (let i = 0; i < m.nv; i++) qvel[i] = 0.3 * r();
}

const A = (x) => Array.from(x ?? []);

function oracleRows(m, d) {
  const nefc = d.nefc, nv = m.nv, jac = m.opt.jacobian?.value ?? m.opt.jacobian;
  const sparse = jac === 1 || (jac === 2 && nv >= 60);
  const J = new Array(nefc * nv).fill(0);
  const Jsrc = A(d.efc_J);
  if (sparse) {
    const nnz = A(d.efc_J_rownnz), adr = A(d.efc_J_rowadr), col = A(d.efc_J_colind);
    for (let i = 0; i < nefc; i++) for (let k = 0; k < nnz[i]; k++) J[i * nv + col[adr[i] + k]] = Jsrc[adr[i] + k];
  } else {
    for (let i = 0; i < nefc * nv; i++) J[i] = Jsrc[i];
  }
  const contact = [];
  for (let i = 0; i < d.ncon; i++) {
    const c = d.contact.get(i);
    contact.push({ geom: [c.geom1, c.geom2], dim: c.dim, exclude: c.exclude, efc_address: c.efc_address, mu: c.mu });
    c.delete();
  }
  const out = { ncon: d.ncon, nefc, ne: d.ne, nf: d.nf, nl: d.nl, nJ: d.nJ,
    efc_type: A(d.efc_type).slice(0, nefc), efc_id: A(d.efc_id).slice(0, nefc), efc_J: J, contact };
  if (sparse) {
    out.efc_J_rownnz = A(d.efc_J_rownnz).slice(0, nefc);
    out.efc_J_rowadr = A(d.efc_J_rowadr).slice(0, nefc);
    out.efc_J_colind = A(d.efc_J_colind).slice(0, d.nJ);
  }
  for (const k of ['efc_pos', 'efc_margin', 'efc_frictionloss', 'efc_diagApprox', 'efc_R', 'efc_D', 'efc_vel', 'efc_aref'])
    out[k] = A(d[k]).slice(0, nefc);
  out.efc_KBIP = A(d.efc_KBIP).slice(0, 4 * nefc);
  return out;
}

function compareModel(file, seed) {
  file = path.resolve(file);
  stageModel(mj, file);
  mj.captured.length = 0;
  let m;
  try { m = mj.MjModel.loadFromXML('/vfs' + file); } catch (e) { return { skip: 'oracle cannot load' }; }
  if (!m) return { skip: 'oracle cannot load' };
  const d = new mj.MjData(m);
  const enumSet = { cone: 'cone', jacobian: 'jacobian', impratio: 'impratio', disableflags: 'disableflags', enableflags: 'enableflags' };
  for (const [k, v] of opts.set) m.opt[enumSet[k]] = v;
  if (opts.key && m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
  perturb(m, d, seed);
  for (let k = 0; k < opts.steps; k++) mj.mj_step(m, d);
  const stateFile = path.join(os.tmpdir(), `efc_state_${process.pid}.txt`);
  fs.writeFileSync(stateFile, [...A(d.qpos), ...A(d.qvel)].map((v) => v.toPrecision(17)).join(' '));
  mj.mj_forward(m, d);
  const want = oracleRows(m, d);
  const contactFile = path.join(os.tmpdir(), `efc_contacts_${process.pid}.txt`);
  if (opts.oracleContacts) {
    const lines = [];
    for (let i = 0; i < d.ncon; i++) {
      const c = d.contact.get(i);
      const nums = [c.dist, ...A(c.pos), ...A(c.frame), c.includemargin, ...A(c.friction), ...A(c.solref),
        ...A(c.solreffriction), ...A(c.solimp)].map((v) => v.toPrecision(17));
      lines.push([c.geom1, c.geom2, c.dim, ...nums].join(' '));
      c.delete();
    }
    fs.writeFileSync(contactFile, lines.join('\n') + '\n');
  }
  d.delete(); m.delete();
  const dumpArgs = [file, '--state', stateFile];
  if (opts.oracleContacts) dumpArgs.push('--contacts', contactFile);
  for (const [k, v] of opts.set) dumpArgs.push('--opt', k, String(v));
  let got;
  try {
    got = JSON.parse(execFileSync(opts.dump, dumpArgs, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    if (/"error": "load failed"/.test(String(e.stdout))) return { skip: `sinew cannot load (${String(e.stderr).trim()})` };
    return { fail: [`efc_dump failed: ${String(e.stderr || e.message).trim()}`] };
  } finally {
    fs.rmSync(stateFile, { force: true });
    fs.rmSync(contactFile, { force: true });
  }
  return diff(want, got);
}

function diff(want, got) {
  const fail = [];
  let maxrel = 0;
  for (const k of ['ncon', 'nefc', 'ne', 'nf', 'nl', 'nJ']) if (want[k] !== got[k]) fail.push(`${k}: oracle ${want[k]} sinew ${got[k]}`);
  if (want.ncon === got.ncon) {
    for (let i = 0; i < want.ncon; i++) {
      const a = want.contact[i], b = got.contact[i];
      for (const k of ['exclude', 'efc_address', 'dim']) if (a[k] !== b[k]) fail.push(`contact ${i} ${k}: oracle ${a[k]} sinew ${b[k]}`);
      if (a.efc_address >= 0 && Math.abs(a.mu - b.mu) > opts.tol * Math.max(1, Math.abs(a.mu))) fail.push(`contact ${i} mu: oracle ${a.mu} sinew ${b.mu}`);
    }
  }
  if (want.nefc !== got.nefc) return { fail, maxrel };
  const nefc = want.nefc, nv = nefc ? want.efc_J.length / nefc : 0;
  for (const k of ['efc_type', 'efc_id', 'efc_J_rownnz', 'efc_J_rowadr', 'efc_J_colind']) {
    if (!want[k] || !got[k]) continue;
    for (let i = 0; i < want[k].length; i++) if (want[k][i] !== got[k][i]) { fail.push(`${k}[${i}]: oracle ${want[k][i]} sinew ${got[k][i]}`); break; }
  }
  const fields = [['efc_J', nv], ['efc_pos', 1], ['efc_margin', 1], ['efc_frictionloss', 1], ['efc_diagApprox', 1],
    ['efc_R', 1], ['efc_D', 1], ['efc_KBIP', 4], ['efc_vel', 1], ['efc_aref', 1]];
  for (const [k, w] of fields) {
    let worst = null;
    for (let i = 0; i < want[k].length; i++) {
      const a = want[k][i], b = got[k][i];
      const rel = (a === b) ? 0 : Math.abs(a - b) / Math.max(1, Math.abs(a));
      if (!(rel <= maxrel)) maxrel = Number.isNaN(rel) ? Infinity : rel;
      if (!(rel <= opts.tol) && !worst) worst = `${k} row ${Math.floor(i / w)} (type ${want.efc_type[Math.floor(i / w)]} id ${want.efc_id[Math.floor(i / w)]}) [${i % w}]: oracle ${a} sinew ${b}`;
    }
    if (worst) fail.push(worst);
  }
  return { fail, maxrel };
}

let bad = 0;
for (const file of opts.models) {
  for (const seed of opts.seeds) {
    const r = compareModel(file, seed);
    const name = `${path.basename(file)} seed ${seed}`;
    if (r.skip) { console.log(`skip ${name}: ${r.skip}`); continue; }
    if (r.fail.length) {
      bad++;
      console.log(`FAIL ${name}`);
      for (const f of r.fail.slice(0, opts.verbose ? 50 : 6)) console.log(`  ${f}`);
    } else {
      console.log(`ok   ${name} (max rel diff ${r.maxrel.toExponential(2)})`);
    }
  }
}
process.exit(bad ? 1 : 0);
