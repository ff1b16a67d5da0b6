// solver_dump: MuJoCo 3.3.8's constraint problem and solution at a state, as text for
// tools/solver_replay.c. node tools/solver_dump.mjs MODEL [--seed N] [--steps K] [--opt k=v]...
// --opt sets m.opt fields by name (solver 0/1/2, cone 0/1, tolerance, iterations, ...), and
// disable=BITS ors disable flags (262144 = island). PROBE_PERTURB=1 applies probe.mjs's
// perturbation (KEY=1: from keyframe 0), otherwise a simple LCG one. STATS=1 prints the
// oracle's per-iteration solver statistics on stderr. Needs mujoco-js at /tmp/mjs or MUJOCO_JS.
import fs from 'node:fs';
import path from 'node:path';
const loadMujoco = (await import(process.env.MUJOCO_JS || '/tmp/mjs/node_modules/mujoco-js/dist/mujoco_wasm.js')).default;
const mj = await loadMujoco({print: ()=>{}, printErr: ()=>{}});
const args = process.argv.slice(2);
const file = path.resolve(args[0]);
let seed = 1, steps = 0; const opts = [];
for (let i = 1; i < args.length; i++) {
  if (args[i] === '--seed') seed = +args[++i];
  else if (args[i] === '--steps') steps = +args[++i];
  else if (args[i] === '--opt') opts.push(args[++i].split('='));
}
function copyTree(src, dst, depth) {
  mj.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name), t = dst + '/' + e.name;
    if (e.isDirectory()) { if (depth < 3 && !e.name.startsWith('.')) copyTree(s, t, depth + 1); }
    else if (e.isFile() && fs.statSync(s).size < 64e6) mj.FS.writeFile(t, fs.readFileSync(s));
  }
}
copyTree(path.dirname(file), '/vfs' + path.dirname(file), 0);
const m = mj.MjModel.loadFromXML('/vfs' + file);
for (const [k, v] of opts) { if (k === 'disable') m.opt.disableflags |= +v; else m.opt[k] = +v; }
const d = new mj.MjData(m);
if (process.env.PROBE_PERTURB) {
  let state = seed >>> 0;
  const uniform = () => { state = (state + 0x6D2B79F5) >>> 0; let t = Math.imul(state ^ (state >>> 15), 1 | state) >>> 0; t = ((t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t) >>> 0; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const sym = () => 2 * uniform() - 1;
  const pq = (q, a) => { let s = 0; for (let k = 0; k < 4; k++) { q[a+k] += 0.1 * sym(); s += q[a+k]**2; } s = Math.sqrt(s); for (let k = 0; k < 4; k++) q[a+k] /= s; };
  if (process.env.KEY && m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
  for (let j = 0; j < m.njnt; j++) { const a = m.jnt_qposadr[j], t = m.jnt_type[j];
    if (t === 0) { for (let k = 0; k < 3; k++) d.qpos[a+k] += 0.1 * sym(); pq(d.qpos, a + 3); } else if (t === 1) pq(d.qpos, a); else d.qpos[a] += 0.1 * sym(); }
  for (let i = 0; i < m.nv; i++) d.qvel[i] = 0.2 * sym();
  for (let i = 0; i < m.nu; i++) { if (m.actuator_ctrllimited[i]) { const lo = m.actuator_ctrlrange[2*i], hi = m.actuator_ctrlrange[2*i+1]; d.ctrl[i] = lo + (hi-lo)*uniform(); } else d.ctrl[i] = sym(); }
  for (let i = 0; i < m.na; i++) d.act[i] = uniform();
} else {
let st = seed >>> 0;
const rnd = () => { st = (st * 1664525 + 1013904223) >>> 0; return st / 4294967296 * 2 - 1; };
for (let j = 0; j < m.njnt; j++) {
  const t = m.jnt_type[j], a = m.jnt_qposadr[j];
  if (t === 0) { for (let k = 0; k < 3; k++) d.qpos[a + k] += 0.05 * rnd(); }
  else if (t === 2 || t === 3) d.qpos[a] += 0.1 * rnd();
}
for (let i = 0; i < m.nv; i++) d.qvel[i] = 0.5 * rnd();
for (let i = 0; i < m.nu; i++) d.ctrl[i] = rnd();
}
for (let k = 0; k < steps; k++) mj.mj_step(m, d);
mj.mj_forward(m, d);
const nv = m.nv, nefc = d.nefc;
const A = (x) => Array.from(x);
const out = [];
const put = (...xs) => out.push(xs.map(x => typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toPrecision(17)) : x).join(' '));
const M = new Float64Array(nv * nv);
{ const qM = d.qM, madr = m.dof_Madr, par = m.dof_parentid;
  for (let i = 0; i < nv; i++) { let adr = madr[i]; for (let j = i; j >= 0; j = par[j], adr++) { M[i*nv+j] = qM[adr]; M[j*nv+i] = qM[adr]; } } }
put(nv, nefc, d.ne, d.nf, d.ncon, m.opt.cone, m.stat.meaninertia);
put(m.opt.solver, m.opt.iterations, m.opt.tolerance, m.opt.ls_iterations, m.opt.ls_tolerance, (m.opt.disableflags & 512) ? 0 : 1, m.opt.noslip_iterations, m.opt.noslip_tolerance);
put(...A(M)); put(...A(d.qacc_smooth)); put(...A(d.qfrc_smooth)); put(...A(d.qacc_warmstart));
if (nefc) {
  put(...A(d.efc_type)); put(...A(d.efc_id)); put(...A(d.efc_D)); put(...A(d.efc_R)); put(...A(d.efc_frictionloss)); put(...A(d.efc_aref));
  // dense J
  const Jd = new Float64Array(nefc * nv);
  if (d.nJ === nefc * nv && !(nv > 60 && m.opt.jacobian !== 0) && m.opt.jacobian !== 1) Jd.set(d.efc_J.subarray ? d.efc_J.subarray(0, nefc*nv) : A(d.efc_J).slice(0, nefc*nv));
  else { const rn = d.efc_J_rownnz, ra = d.efc_J_rowadr, ci = d.efc_J_colind, J = d.efc_J; for (let i = 0; i < nefc; i++) for (let k = 0; k < rn[i]; k++) Jd[i*nv + ci[ra[i]+k]] = J[ra[i]+k]; }
  put(...A(Jd));
}
for (let c = 0; c < d.ncon; c++) { const con = d.contact.get(c); put(con.dim, con.mu, ...A(con.friction), con.efc_address); }
put(...A(d.qacc)); if (nefc) { put(...A(d.efc_force)); put(...A(d.efc_state)); }
put(d.solver_niter[0], d.nisland, ...A(d.solver_niter).slice(0, Math.max(1, d.nisland)));
put(...A(d.qfrc_constraint));
console.log(out.join('\n'));
if (process.env.STATS) { const n = Math.min(d.solver_niter[0], 200); for (let i = 0; i < n; i++) { const s = d.solver.get(i); console.error(`it ${i} impr ${s.improvement.toExponential(3)} grad ${s.gradient.toExponential(3)} slope ${s.lineslope.toExponential(3)} neval ${s.neval} nact ${s.nactive} nch ${s.nchange} nupd ${s.nupdate}`); } }
