// island_cases.mjs: writes the oracle's constraint rows and islands for given states
// of a model, for tests/unit/engine/test_island.c. The unit test loads the model in
// Sinew, sets qpos, puts these rows (and contact geom pairs) into mjData, runs
// mj_island and compares every island field with the oracle's.
//
//   node island_cases.mjs MODEL.xml OUT.txt [--seeds 0,1,2] [--steps K]
//
// One "case" block per state; each line is "name count values...". Seed 0 is qpos0
// without perturbation; other seeds perturb as probe.mjs does, then K steps are taken.
import fs from 'node:fs';
import path from 'node:path';
import { loadOracle, makeRng, stageModel } from './probe.mjs';

// the positional part of probe.mjs' perturbation (islands depend on qpos only)
function perturb(m, d, rng) {
  const type = m.jnt_type, adr = m.jnt_qposadr, q = d.qpos;
  for (let j = 0; j < m.njnt; j++) {
    const a = adr[j];
    const quat = (b) => {
      let s = 0;
      for (let k = 0; k < 4; k++) { q[b + k] += 0.1 * rng.symmetric(); s += q[b + k] ** 2; }
      s = Math.sqrt(s);
      for (let k = 0; k < 4; k++) q[b + k] /= s;
    };
    if (type[j] === 0) { for (let k = 0; k < 3; k++) q[a + k] += 0.1 * rng.symmetric(); quat(a + 3); }
    else if (type[j] === 1) quat(a);
    else q[a] += 0.1 * rng.symmetric();
  }
}

const args = process.argv.slice(2);
if (args.length < 2) {
  console.error('usage: node island_cases.mjs MODEL.xml OUT.txt [--seeds 0,1,2] [--steps K]');
  process.exit(2);
}
let seeds = [0, 1, 2], steps = 0;
for (let i = 2; i < args.length; i++) {
  if (args[i] === '--seeds') seeds = args[++i].split(',').map(Number);
  else if (args[i] === '--steps') steps = +args[++i];
}
const mj = await loadOracle();
const file = path.resolve(args[0]);
stageModel(mj, file);
const m = mj.MjModel.loadFromXML('/vfs' + file);
const sparse = mj.mj_isSparse(m);
const A = (x, n) => Array.from(x ?? []).slice(0, n);
const lines = [`# oracle islands of ${path.basename(file)} (MuJoCo 3.3.8, tests/conformance/island_cases.mjs)`];
const put = (name, v) => lines.push(`${name} ${v.length} ${v.map((x) => (Number.isInteger(x) ? String(x) : x.toPrecision(17))).join(' ')}`.trim());

for (const seed of seeds) {
  const d = new mj.MjData(m);
  if (seed) {
    perturb(m, d, makeRng(seed));
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
  }
  mj.mj_forward(m, d);
  const nv = m.nv, nefc = d.nefc, ni = d.nisland, nidof = d.nidof;
  lines.push(`case ${path.basename(file)} ${seed} ${seed ? steps : 0}`);
  put('qpos', A(d.qpos, m.nq));
  put('sparse', [sparse ? 1 : 0]);
  const geoms = [];
  for (let i = 0; i < d.ncon; i++) { const c = d.contact.get(i); geoms.push(c.geom1, c.geom2); c.delete(); }
  put('contact_geom', geoms);
  put('efc_type', A(d.efc_type, nefc));
  put('efc_id', A(d.efc_id, nefc));
  put('efc_frictionloss', A(d.efc_frictionloss, nefc));
  put('efc_D', A(d.efc_D, nefc));
  put('efc_R', A(d.efc_R, nefc));
  if (sparse) {
    const rn = A(d.efc_J_rownnz, nefc), nJ = rn.reduce((a, b) => a + b, 0);
    put('efc_J_rownnz', rn);
    put('efc_J_rowadr', A(d.efc_J_rowadr, nefc));
    put('efc_J_colind', A(d.efc_J_colind, nJ));
    put('efc_J', A(d.efc_J, nJ));
  } else {
    put('efc_J', A(d.efc_J, nefc * nv));
  }
  put('nisland', [ni]);
  put('nidof', [nidof]);
  if (ni > 0) {
    for (const k of ['dof_island', 'map_dof2idof', 'map_idof2dof']) put(k, A(d[k], nv));
    for (const k of ['island_nv', 'island_idofadr', 'island_dofadr', 'island_ne', 'island_nf',
                     'island_nefc', 'island_iefcadr']) put(k, A(d[k], ni));
    for (const k of ['efc_island', 'map_efc2iefc', 'map_iefc2efc', 'iefc_type', 'iefc_id',
                     'iefc_frictionloss', 'iefc_D', 'iefc_R']) put(k, A(d[k], nefc));
    if (sparse) {
      const rn = A(d.iefc_J_rownnz, nefc), nJ = rn.reduce((a, b) => a + b, 0);
      put('iefc_J_rownnz', rn);
      put('iefc_J_rowadr', A(d.iefc_J_rowadr, nefc));
      put('iefc_J_rowsuper', A(d.iefc_J_rowsuper, nefc));
      put('iefc_J_colind', A(d.iefc_J_colind, nJ));
      put('iefc_J', A(d.iefc_J, nJ));
    } else {
      // only the island blocks are defined: block i is island_nefc x island_nv at iefcadr*nidof
      const J = A(d.iefc_J, nefc * nv), blocks = [];
      for (let i = 0; i < ni; i++) {
        const a = d.island_iefcadr[i] * nidof;
        blocks.push(...J.slice(a, a + d.island_nefc[i] * d.island_nv[i]));
      }
      put('iefc_J_blocks', blocks);
    }
    const rn = A(d.iM_rownnz, nidof), nM = rn.reduce((a, b) => a + b, 0);
    put('iM_rownnz', rn);
    put('iM_rowadr', A(d.iM_rowadr, nidof));
    put('iM_colind', A(d.iM_colind, nM));
    put('iM', A(d.iM, nM));
    put('iLD', A(d.iLD, nM));
    put('iLDiagInv', A(d.iLDiagInv, nidof));
  }
  lines.push('end');
  d.delete();
}
m.delete();
fs.writeFileSync(args[1], lines.join('\n') + '\n');
