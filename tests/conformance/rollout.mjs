// rollout.mjs: a long simulation judged for physical plausibility and against MuJoCo
// 3.3.8. Sinew's rollout program (rollout.c) and the oracle step the same model from
// its initial state with zero controls and the energy flag on; per step they report
// the contact count, the deepest penetration and the mechanical energy.
//
//   node rollout.mjs --rollout ROLLOUT MODEL.xml STEPS
//
// Sinew must (1) never warn of a bad acceleration or produce a non-finite value,
// (2) keep penetration from growing: the deepest penetration of the last quarter is no
// deeper than that of the middle half plus 1 mm, and never beyond 5 cm, (3) never
// gain energy: a passive system with dissipative contacts stays at or below its
// initial energy (1e-9 relative slack), and (4) track 3.3.8's contact count: equal at
// 95% of the steps (a chaotic system may drift apart late) and, over the last quarter,
// within one contact on average. The oracle's own series is held to (2)-(3) as well, so
// the criteria are known to be ones the reference meets.
//
// Exit: 0 pass, 1 fail, 2 usage, 77 skipped (model or mujoco-js missing).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadOracle, stageModel } from './probe.mjs';

const args = process.argv.slice(2);
const ri = args.indexOf('--rollout');
const rollout = ri >= 0 ? args[ri + 1] : null;
const rest = args.filter((a, i) => i !== ri && i !== ri + 1);
const [model, stepsArg] = rest;
const steps = parseInt(stepsArg, 10);
if (!rollout || !model || !(steps > 0)) {
  console.error('usage: node rollout.mjs --rollout ROLLOUT MODEL.xml STEPS');
  process.exit(2);
}
const file = path.resolve(model);
if (!fs.existsSync(file)) {
  console.log(`SKIP: ${file} not found (Debian package libmujoco-samples)`);
  process.exit(77);
}

let mj;
try {
  mj = await loadOracle();
} catch (e) {
  console.log('SKIP: ' + e.message);
  process.exit(77);
}

function oracleSeries() {
  stageModel(mj, file);
  const m = mj.MjModel.loadFromXML('/vfs' + file);
  m.opt.enableflags |= 1 << 1;  // mjENBL_ENERGY
  const d = new mj.MjData(m);
  const s = { ncon: [], mindist: [], energy: [] };
  for (let k = 0; k < steps; k++) {
    mj.mj_step(m, d);
    let md = 0;
    for (let i = 0; i < d.ncon; i++) md = Math.min(md, d.contact.get(i).dist);
    s.ncon.push(d.ncon);
    s.mindist.push(md);
    s.energy.push(d.energy[0] + d.energy[1]);
  }
  d.delete();
  m.delete();
  return s;
}

const run = spawnSync(rollout, [file, String(steps)], { encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) {
  console.log(`FAIL: ${rollout} exited with ${run.status}: ${run.stderr}`);
  process.exit(1);
}
const sinew = JSON.parse(run.stdout);
const oracle = oracleSeries();

const failures = [];
const max = (a) => a.reduce((x, y) => Math.max(x, y), -Infinity);
const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
const q = Math.floor(steps / 4);

function plausible(name, s) {
  const all = [...s.ncon, ...s.mindist, ...s.energy];
  if (!all.every(Number.isFinite)) failures.push(`${name}: non-finite values`);
  const depth = s.mindist.map((x) => -x);
  const middle = max(depth.slice(q, 3 * q)), last = max(depth.slice(3 * q));
  if (last > middle + 1e-3) {
    failures.push(`${name}: penetration grows (${last.toFixed(5)} m in the last quarter, ` +
                  `${middle.toFixed(5)} m before)`);
  }
  if (max(depth) > 0.05) failures.push(`${name}: penetration ${max(depth).toFixed(4)} m`);
  const e0 = s.energy[0], emax = max(s.energy);
  if (emax > e0 + 1e-9 * Math.abs(e0)) {
    failures.push(`${name}: energy rises from ${e0} to ${emax}`);
  }
  console.log(`${name}: deepest penetration ${max(depth).toFixed(5)} m (middle ${middle.toFixed(5)}, ` +
              `last quarter ${last.toFixed(5)}), energy ${e0.toFixed(3)} -> ` +
              `${s.energy[steps - 1].toFixed(3)}, contacts in the last step ${s.ncon[steps - 1]}`);
}

plausible('sinew', sinew);
plausible('mujoco 3.3.8', oracle);
if (sinew.warnings) failures.push(`sinew: ${sinew.warnings} bad-acceleration warnings`);

let same = 0, first = -1;
for (let k = 0; k < steps; k++) {
  if (sinew.ncon[k] === oracle.ncon[k]) same++;
  else if (first < 0) first = k;
}
const lastS = mean(sinew.ncon.slice(3 * q)), lastO = mean(oracle.ncon.slice(3 * q));
console.log(`contact count equal at ${same} of ${steps} steps (first difference at step ` +
            `${first < 0 ? 'none' : first}); last-quarter mean ${lastS.toFixed(2)} vs ` +
            `${lastO.toFixed(2)}`);
if (same < 0.95 * steps) failures.push(`contact count equal at only ${same} of ${steps} steps`);
if (Math.abs(lastS - lastO) > 1) failures.push('last-quarter contact counts differ by more than one');

for (const f of failures) console.log('FAIL: ' + f);
process.exit(failures.length ? 1 : 0);
