// Inverse dynamics against MuJoCo 3.3.8: give mujoco-js and Sinew's inverse_probe the
// same random states (qpos, qvel, act, ctrl, qfrc_applied, xfrc_applied, qacc) and
// compare mj_inverse (qfrc_inverse, qfrc_constraint, energy, efc_force), mj_inverse
// with invdiscrete under the Euler/implicit/implicitfast integrators, the round trip
// mj_forward -> mj_inverse, mj_compareFwdInv (solver_fwdinv), and mj_step with fwdinv
// and energy enabled under each integrator.
//
// usage: node inverse.mjs --probe BUILD/tests/conformance/inverse_probe MODEL.xml
//        [--seed N] [--states K] [--constraints] [--tol T] [--verbose] [--rows]
//        [--only inverse,roundtrip,compare,step]
// Without --constraints the constraint stage is disabled on both sides (the smooth
// inverse); with it, rows are compared as well (nefc must agree). --rows prints, for
// each failing case, the first constraint row whose pos/vel/aref/R/D differ.
// Exit: 0 agree, 1 differ, 77 oracle (mujoco-js) not available.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeRng, openSideTool } from './probe.mjs';

const { opt, args, probe, file, mj, m, seed, nstates, verbose } =
  await openSideTool('node inverse.mjs --probe INVERSE_PROBE MODEL.xml [--seed N] [--states K]', 3);
const tol = Number(opt('--tol', 1e-9));
const constraints = args.includes('--constraints');
const diagnose = args.includes('--rows');
const only = opt('--only', 'inverse,roundtrip,compare,step').split(',');
const d = new mj.MjData(m);
const { nq, nv, na, nu, nbody } = m;

const { uniform, symmetric: sym } = makeRng(seed);
const rand = (n, s) => Array.from({ length: n }, () => s * sym());
const A = (t) => Array.from(t);
const fmt = (a) => a.map((x) => x.toPrecision(17)).join(' ');

const ENBL_ENERGY = 1 << 1, ENBL_FWDINV = 1 << 2, ENBL_INVDISCRETE = 1 << 3;
const DSBL_CONSTRAINT = 1 << 0;
const INT = { euler: 0, rk4: 1, implicit: 2, implicitfast: 3 };
const integrator0 = m.opt.integrator, enable0 = m.opt.enableflags, disable0 = m.opt.disableflags;
const solver0 = m.opt.solver, iterations0 = m.opt.iterations;

// a random state near qpos0: scalars moved by up to 0.2, quaternions perturbed and
// normalised, free positions moved by up to 0.2
function randomState() {
  const qpos = A(m.qpos0);
  for (let j = 0; j < m.njnt; j++) {
    const a = m.jnt_qposadr[j], type = m.jnt_type[j];
    const nquat = type === 0 ? 3 : 0, nq4 = type <= 1 ? 4 : 0, nscalar = type >= 2 ? 1 : nquat;
    for (let k = 0; k < nscalar; k++) qpos[a + k] += 0.2 * sym();
    if (nq4) {
      const q = qpos.slice(a + nquat, a + nquat + 4).map((x) => x + 0.2 * sym());
      const n = Math.hypot(...q);
      for (let k = 0; k < 4; k++) qpos[a + nquat + k] = q[k] / n;
    }
  }
  const ctrl = Array.from({ length: nu }, (_, i) => {
    const lo = m.actuator_ctrlrange[2 * i], hi = m.actuator_ctrlrange[2 * i + 1];
    return m.actuator_ctrllimited[i] && hi > lo ? lo + (hi - lo) * uniform() : sym();
  });
  const xfrc = rand(6 * nbody, 1);
  for (let k = 0; k < 6; k++) xfrc[k] = 0;
  return { qpos: A(qpos), qvel: rand(nv, 1), act: rand(na, 0.5).map(Math.abs), ctrl,
    qfrc_applied: rand(nv, 1), xfrc, qacc: rand(nv, 3) };
}

function setOracle(c, s) {
  const { integ, enable, disable, solver, iterations } = c;
  m.opt.solver = solver;
  m.opt.iterations = iterations;
  m.opt.integrator = integ;
  m.opt.enableflags = enable;
  m.opt.disableflags = disable;
  mj.mj_resetData(m, d);
  d.qpos.set(s.qpos); d.qvel.set(s.qvel); d.act.set(s.act); d.ctrl.set(s.ctrl);
  d.qfrc_applied.set(s.qfrc_applied); d.xfrc_applied.set(s.xfrc); d.qacc.set(s.qacc);
}

// oracle answer in the probe's layout (see inverse_probe.c)
function oracle(cmd) {
  switch (cmd) {
    case 'inverse':
      mj.mj_inverse(m, d);
      return [d.nefc, ...A(d.qfrc_inverse), ...A(d.qfrc_constraint), ...A(d.energy), ...A(d.qacc),
        ...A(d.efc_force)];
    case 'compare':
      mj.mj_forward(m, d);
      mj.mj_compareFwdInv(m, d);
      return [d.nefc, ...A(d.qacc), ...A(d.solver_fwdinv), ...A(d.qfrc_inverse), ...A(d.efc_force)];
    case 'roundtrip':
      mj.mj_forward(m, d);
      mj.mj_inverse(m, d);
      return [...A(d.qfrc_inverse), ...A(d.energy)];
    case 'step':
      mj.mj_step(m, d);
      return [...A(d.solver_fwdinv), ...A(d.qvel), ...A(d.energy), ...A(d.qfrc_inverse)];
    default:
      throw new Error(cmd);
  }
}

// named slices of an answer
function layout(cmd, nefc) {
  if (cmd === 'inverse') return [['nefc', 1], ['qfrc_inverse', nv], ['qfrc_constraint', nv],
    ['energy', 2], ['qacc', nv], ['efc_force', nefc]];
  if (cmd === 'compare') return [['nefc', 1], ['qacc', nv], ['solver_fwdinv', 2],
    ['qfrc_inverse', nv], ['efc_force', nefc]];
  if (cmd === 'step') return [['solver_fwdinv', 2], ['qvel', nv], ['energy', 2], ['qfrc_inverse', nv]];
  return [['qfrc_inverse', nv], ['energy', 2]];
}

const cases = [];
const push = (c) => {
  if (only.includes(c.cmd)) cases.push({ solver: solver0, iterations: iterations0, ...c });
};
for (let k = 0; k < nstates; k++) {
  const s = randomState();
  const base = ENBL_ENERGY | (enable0 & ~(ENBL_FWDINV | ENBL_INVDISCRETE));
  const dis = constraints ? disable0 : disable0 | DSBL_CONSTRAINT;
  push({ s, integ: integrator0, enable: base, disable: dis, cmd: 'inverse' });
  push({ s, integ: integrator0, enable: base, disable: dis, cmd: 'roundtrip' });
  push({ s, integ: integrator0, enable: base, disable: dis, cmd: 'compare' });
  for (const name of ['euler', 'implicit', 'implicitfast']) {
    push({ s, integ: INT[name], enable: base | ENBL_INVDISCRETE, disable: dis, cmd: 'inverse' });
  }
  for (const name of ['euler', 'rk4', 'implicit', 'implicitfast']) {
    push({ s, integ: INT[name], enable: base | ENBL_FWDINV, disable: dis, cmd: 'step' });
  }
}

let input = '';
for (const c of cases) {
  const s = c.s;
  input += `opt ${c.integ} ${c.enable} ${c.disable} ${c.solver} ${c.iterations}\n`;
  input += `state ${fmt(s.qpos)} ${fmt(s.qvel)} ${fmt(s.act)} ${fmt(s.ctrl)} ${fmt(s.qfrc_applied)} ` +
    `${fmt(s.xfrc)} ${fmt(s.qacc)}\n${c.cmd}\n`;
  if (diagnose) input += 'rows\n';
}
const run = spawnSync(probe, [file], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.log(`FAIL: inverse_probe exited ${run.status}: ${run.stderr}`);
  process.exit(1);
}
const lines = run.stdout.trim().split('\n');
const step = diagnose ? 2 : 1;

// the first row whose data differ from the oracle's (after the same command)
function rowDiff(line) {
  const got = line.trim().split(/\s+/).map(Number);
  const n = d.nefc;
  if (got[0] !== n) return `rows: nefc ${got[0]} vs ${n}`;
  const fields = [['type', d.efc_type], ['id', d.efc_id], ['pos', d.efc_pos], ['vel', d.efc_vel],
    ['aref', d.efc_aref], ['R', d.efc_R], ['D', d.efc_D]];
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < fields.length; f++) {
      const a = got[1 + f * n + i], b = fields[f][1][i];
      if (Math.abs(a - b) > 1e-9 * (1 + Math.abs(b))) {
        const t = d.efc_type[i], id = d.efc_id[i];
        const what = t >= 5 ? ` geoms ${d.contact.get(id).geom1} ${d.contact.get(id).geom2}` : '';
        return `row ${i} (type ${t} id ${id}${what}): ${fields[f][0]} ${a} vs ${b}`;
      }
    }
  }
  return 'rows agree';
}

let bad = 0, worst = 0;
cases.forEach((c, i) => {
  setOracle(c, c.s);
  const want = oracle(c.cmd);
  const got = lines[step * i].trim().split(/\s+/).map(Number);
  const nbad = bad;
  const tag = `${c.cmd} integrator=${c.integ} enable=${c.enable} disable=${c.disable}` +
    ` solver=${c.solver} iterations=${c.iterations}`;
  if (['inverse', 'compare'].includes(c.cmd) && got[0] !== want[0]) {
    console.log(`${tag}: nefc ${got[0]} vs oracle ${want[0]}`);
    bad++;
    return;
  }
  let off = 0;
  const nefc = ['inverse', 'compare'].includes(c.cmd) ? want[0] : 0;
  for (const [name, n] of layout(c.cmd, nefc)) {
    const a = got.slice(off, off + n), b = want.slice(off, off + n);
    off += n;
    // solver_fwdinv is a residual: compare it to the force scale, not to itself
    const ref = name !== 'solver_fwdinv' ? b
      : c.cmd === 'step' ? want.slice(2 + 2 * nv + 2) : want.slice(1 + nv + 2, 1 + 2 * nv + 2);
    const scale = 1 + Math.max(0, ...ref.map(Math.abs));
    let err = 0;
    for (let j = 0; j < n; j++) err = Math.max(err, Math.abs(a[j] - b[j]) / scale);
    worst = Math.max(worst, err);
    if (!(err <= tol)) {
      bad++;
      console.log(`${tag}: ${name} differs (rel ${err.toExponential(2)})\n  sinew  ${a.join(' ')}\n  oracle ${b.join(' ')}`);
    } else if (verbose) {
      console.log(`${tag}: ${name} ok (rel ${err.toExponential(2)})`);
    }
  }
  if (diagnose && bad > nbad) console.log('  ' + rowDiff(lines[step * i + 1]));
});
m.opt.integrator = integrator0; m.opt.enableflags = enable0; m.opt.disableflags = disable0;
m.opt.solver = solver0; m.opt.iterations = iterations0;
console.log(`${bad ? 'FAIL' : 'PASS'}: ${path.basename(file)} ${cases.length} cases, worst rel ${worst.toExponential(2)}`);
process.exit(bad ? 1 : 0);
