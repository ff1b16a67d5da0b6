// mj_rnePostConstraint against MuJoCo 3.3.8: give mujoco-js and Sinew's rnepost_probe
// the same states and compare cacc, cfrc_int and cfrc_ext (body accelerations and the
// interaction/external forces after the constraint solve), and qacc and sensordata
// (to tell a forward difference from an rnePostConstraint one).
//
// usage: node rnepost.mjs --probe BUILD/tests/conformance/rnepost_probe MODEL.xml
//        [--seed N] [--states K] [--advance S] [--tol T] [--verbose]
// Each state: the model's qpos0 perturbed (as probe.mjs), random xfrc_applied and
// qfrc_applied on every other state, then S oracle steps (so that contacts settle
// and carry force); the resulting inputs are handed to both sides, which run
// mj_forward and mj_rnePostConstraint from a fresh mjData.
// A value agrees when |sinew - oracle| <= tol * (1 + largest |oracle| of its array).
// Exit: 0 agree, 1 differ, 77 oracle (mujoco-js) not available.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { makeRng, openSideTool } from './probe.mjs';

const { opt, probe, file, mj, m, seed, nstates, verbose } =
  await openSideTool('node rnepost.mjs --probe RNEPOST_PROBE MODEL.xml [--seed N] [--states K]', 4);
const advance = Number(opt('--advance', 30));
const tol = Number(opt('--tol', 1e-7));
const { nq, nv, na, nu, nbody } = m;
const A = (t) => Array.from(t);
const fmt = (a) => a.map((x) => x.toPrecision(17)).join(' ');

const { uniform, symmetric: sym } = makeRng(seed);

function makeState(k) {
  const d = new mj.MjData(m);
  const qpos = d.qpos;
  for (let j = 0; j < m.njnt; j++) {
    const a = m.jnt_qposadr[j], type = m.jnt_type[j];
    const lin = type === 0 ? 3 : type >= 2 ? 1 : 0, quat = type <= 1 ? a + lin : -1;
    for (let i = 0; i < lin; i++) qpos[a + i] += 0.1 * sym();
    if (quat >= 0) {
      let s = 0;
      for (let i = 0; i < 4; i++) { qpos[quat + i] += 0.1 * sym(); s += qpos[quat + i] ** 2; }
      for (let i = 0; i < 4; i++) qpos[quat + i] /= Math.sqrt(s);
    }
  }
  for (let i = 0; i < nv; i++) d.qvel[i] = 0.2 * sym();
  for (let i = 0; i < nu; i++) {
    const lo = m.actuator_ctrlrange[2 * i], hi = m.actuator_ctrlrange[2 * i + 1];
    d.ctrl[i] = m.actuator_ctrllimited[i] && hi > lo ? lo + (hi - lo) * uniform() : sym();
  }
  for (let i = 0; i < na; i++) d.act[i] = uniform();
  if (k % 2 === 1) {
    for (let i = 6; i < 6 * nbody; i++) d.xfrc_applied[i] = sym();
    for (let i = 0; i < nv; i++) d.qfrc_applied[i] = sym();
  }
  for (let s = 0; s < advance; s++) mj.mj_step(m, d);
  const st = { qpos: A(d.qpos), qvel: A(d.qvel), act: A(d.act), ctrl: A(d.ctrl),
    qfrc_applied: A(d.qfrc_applied), xfrc: A(d.xfrc_applied) };
  d.delete();
  return st;
}

function oracle(s) {
  const d = new mj.MjData(m);
  d.qpos.set(s.qpos); d.qvel.set(s.qvel); d.act.set(s.act); d.ctrl.set(s.ctrl);
  d.qfrc_applied.set(s.qfrc_applied); d.xfrc_applied.set(s.xfrc);
  mj.mj_forward(m, d);
  mj.mj_rnePostConstraint(m, d);
  const out = [d.ncon, d.nefc, ...A(d.qacc), ...A(d.cacc), ...A(d.cfrc_int), ...A(d.cfrc_ext),
    ...A(d.sensordata)];
  d.delete();
  return out;
}

const states = Array.from({ length: nstates }, (_, k) => makeState(k));
let input = '';
for (const s of states) {
  input += `state ${fmt(s.qpos)} ${fmt(s.qvel)} ${fmt(s.act)} ${fmt(s.ctrl)} ` +
    `${fmt(s.qfrc_applied)} ${fmt(s.xfrc)}\nrun\n`;
}
const r = spawnSync(path.resolve(probe), [file], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
if (r.status !== 0) {
  console.log(`FAIL: rnepost_probe exited ${r.status}: ${r.stderr.trim()}`);
  process.exit(1);
}
const lines = r.stdout.trim().split('\n');
const layout = [['ncon', 1], ['nefc', 1], ['qacc', nv], ['cacc', 6 * nbody], ['cfrc_int', 6 * nbody],
  ['cfrc_ext', 6 * nbody], ['sensordata', m.nsensordata]];
let bad = 0;
states.forEach((s, k) => {
  const want = oracle(s), got = (lines[k] || '').trim().split(/\s+/).map(Number);
  if (got.length !== want.length) {
    console.log(`state ${k}: probe printed ${got.length} numbers, oracle ${want.length}`);
    bad++;
    return;
  }
  let off = 0;
  for (const [name, n] of layout) {
    const w = want.slice(off, off + n), g = got.slice(off, off + n);
    off += n;
    const scale = 1 + Math.max(0, ...w.map(Math.abs));
    let worst = -1, err = 0;
    for (let i = 0; i < n; i++) {
      const e = Math.abs(g[i] - w[i]);
      if (!(e <= err)) { err = e; worst = i; }
    }
    const ok = err <= tol * scale;
    if (!ok) bad++;
    if (!ok || verbose) {
      const where = worst >= 0 && name.startsWith('c')
        ? ` (body ${Math.floor(worst / 6)} comp ${worst % 6})` : worst >= 0 ? ` [${worst}]` : '';
      console.log(`state ${k} ${name}: ${ok ? 'ok' : 'DIFF'} max err ${err.toExponential(3)} ` +
        `scale ${scale.toExponential(3)}${where}` +
        (worst >= 0 && !ok ? ` sinew ${g[worst]} oracle ${w[worst]}` : ''));
    }
  }
});
m.delete();
console.log(bad ? `FAIL: ${bad} differences` : `PASS: ${nstates} states`);
process.exit(bad ? 1 : 0);
