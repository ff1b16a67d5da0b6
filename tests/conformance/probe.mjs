// probe.mjs: the oracle side of the conformance suite. Runs MuJoCo 3.3.8's
// WebAssembly build (npm package mujoco-js 0.0.7) on a model with exactly the
// perturbation probe.c applies, and produces the same JSON.
//
// CLI:    node probe.mjs MODEL.xml [--seed N] [--steps K] [--key] [OPTION OVERRIDES]
//         overrides (applied to m.opt right after loading, exactly as probe.c does):
//         --solver pgs|cg|newton  --cone pyramidal|elliptic  --jacobian dense|sparse|auto
//         --iterations N  --tolerance T  --noslip N  --disable FLAG[,FLAG...] (repeatable)
//         --advance N (N steps after the perturbation before printing, as probe.c)
//         --jitter EPS:SEED (then move the state by a relative EPS, see jitterState;
//         oracle only: how sensitive 3.3.8's own trajectory is)
// module: import { loadOracle, probeModel } from './probe.mjs' (run.mjs keeps one
//         WebAssembly instance for a whole corpus instead of one per model).
//
// mujoco-js is found through normal resolution, MUJOCO_JS_DIR (a directory whose
// node_modules holds it, or the package directory itself) or NODE_PATH.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

//---------------------------------- locating and loading mujoco-js --------------------------------

export function findMujocoJs() {
  const candidates = [];
  const dir = process.env.MUJOCO_JS_DIR;
  if (dir) {
    candidates.push(path.join(dir, 'node_modules/mujoco-js/dist/mujoco_wasm.js'));
    candidates.push(path.join(dir, 'dist/mujoco_wasm.js'));
  }
  for (const p of candidates) if (fs.existsSync(p)) return p;
  try {
    return createRequire(import.meta.url).resolve('mujoco-js');
  } catch {
    return null;
  }
}

// Instantiate the WebAssembly module. Its own printing (e.g. "Loading error: ...")
// is captured into mj.captured so a failed load can report why.
export async function loadOracle() {
  const file = findMujocoJs();
  if (!file) throw new Error('mujoco-js not found (set MUJOCO_JS_DIR)');
  const factory = (await import(pathToFileURL(file).href)).default;
  const captured = [];
  const mj = await factory({
    print: (s) => captured.push(String(s)),
    printErr: (s) => captured.push(String(s)),
  });
  mj.captured = captured;
  mj.copiedFiles = new Set();
  return mj;
}

//---------------------------------- files into the in-memory file system --------------------------

const SKIP_DIRS = new Set(['node_modules', '.git']);
const BUDGET = { files: 20000, bytes: 256e6 };

// Mirror a directory tree at /vfs<abs path>, so relative include/mesh/texture
// paths resolve as on disk. Bounded in depth, file count and bytes; files
// already copied by an earlier model are skipped.
function copyTree(mj, src, depth, budget) {
  let entries;
  try { entries = fs.readdirSync(src, { withFileTypes: true }); } catch { return; }
  mj.FS.mkdirTree('/vfs' + src);
  for (const e of entries) {
    const s = path.join(src, e.name);
    if (e.isDirectory()) {
      if (depth < 6 && !SKIP_DIRS.has(e.name) && !e.name.startsWith('build')) {
        copyTree(mj, s, depth + 1, budget);
      }
    } else if (e.isFile() && !mj.copiedFiles.has(s)) {
      const size = fs.statSync(s).size;
      if (budget.files <= 0 || budget.bytes < size) continue;
      mj.FS.writeFile('/vfs' + s, fs.readFileSync(s));
      mj.copiedFiles.add(s);
      budget.files--;
      budget.bytes -= size;
    }
  }
}

export function stageModel(mj, file) {
  const dir = path.dirname(file), up = path.dirname(dir);
  const budget = { ...BUDGET };
  mj.FS.mkdirTree('/vfs' + dir);
  mj.FS.writeFile('/vfs' + file, fs.readFileSync(file));
  mj.copiedFiles.add(file);
  copyTree(mj, dir, 0, budget);
  // the parent too (models include ../common/...), unless it is the root
  if (up !== dir && up !== '/' && path.dirname(up) !== up) copyTree(mj, up, 0, budget);
}

// The common start of the side tools that drive a stdin probe (inverse.mjs, ray.mjs,
// rnepost.mjs): the arguments (--probe PROBE, a MODEL.xml, --seed, --states,
// --verbose, and opt() for the tool's own), the oracle (exit 77 when mujoco-js is
// missing, 2 on bad usage) and the model loaded into it.
export async function openSideTool(usage, defaultStates) {
  const args = process.argv.slice(2);
  const opt = (k, dflt) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : dflt; };
  const probe = opt('--probe');
  const model = args.find((a, i) => a.endsWith('.xml') && args[i - 1] !== '--probe');
  if (!probe || !model) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  let mj;
  try {
    mj = await loadOracle();
  } catch (e) {
    console.log('SKIP: ' + e.message);
    process.exit(77);
  }
  const file = path.resolve(model);
  stageModel(mj, file);
  const m = mj.MjModel.loadFromXML('/vfs' + file);
  return { args, opt, probe, file, mj, m, seed: Number(opt('--seed', 1)),
    nstates: Number(opt('--states', defaultStates)), verbose: args.includes('--verbose') };
}

//---------------------------------- reproducible perturbation -------------------------------------

// mulberry32 with exact uint32 arithmetic: the same sequence as probe.c; uniform in
// [0, 1), symmetric in [-1, 1). Every conformance tool draws its states from it.
export function makeRng(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state) >>> 0;
    t = ((t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t) >>> 0;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { uniform, symmetric: () => 2 * uniform() - 1 };
}

const JNT_FREE = 0, JNT_BALL = 1;

function perturbQuat(rng, q, a) {
  let s = 0;
  for (let k = 0; k < 4; k++) {
    q[a + k] += 0.1 * rng.symmetric();
    s += q[a + k] * q[a + k];
  }
  s = Math.sqrt(s);
  for (let k = 0; k < 4; k++) q[a + k] /= s;
}

function perturb(m, d, rng) {
  const type = m.jnt_type, adr = m.jnt_qposadr, qpos = d.qpos;
  for (let j = 0; j < m.njnt; j++) {
    const a = adr[j];
    if (type[j] === JNT_FREE) {
      for (let k = 0; k < 3; k++) qpos[a + k] += 0.1 * rng.symmetric();
      perturbQuat(rng, qpos, a + 3);
    } else if (type[j] === JNT_BALL) {
      perturbQuat(rng, qpos, a);
    } else {
      qpos[a] += 0.1 * rng.symmetric();
    }
  }
  const qvel = d.qvel, ctrl = d.ctrl, act = d.act;
  for (let i = 0; i < m.nv; i++) qvel[i] = 0.2 * rng.symmetric();
  const limited = m.actuator_ctrllimited, range = m.actuator_ctrlrange;
  for (let i = 0; i < m.nu; i++) {
    if (limited[i]) {
      const lo = range[2 * i], hi = range[2 * i + 1];
      ctrl[i] = lo + (hi - lo) * rng.uniform();
    } else {
      ctrl[i] = rng.symmetric();
    }
  }
  for (let i = 0; i < m.na; i++) act[i] = rng.uniform();
}

//---------------------------------- output --------------------------------------------------------

const A = (x) => Array.from(x ?? []);
const enumValue = (v) => (v && typeof v === 'object' && 'value' in v ? v.value : v);

function modelSection(m) {
  return {
    nq: m.nq, nv: m.nv, nu: m.nu, na: m.na, nbody: m.nbody, njnt: m.njnt, ngeom: m.ngeom,
    nsite: m.nsite, ntendon: m.ntendon, neq: m.neq, nsensor: m.nsensor,
    nsensordata: m.nsensordata, nmesh: m.nmesh, timestep: m.opt.timestep,
    integrator: enumValue(m.opt.integrator), solver: enumValue(m.opt.solver),
    cone: enumValue(m.opt.cone), jacobian: enumValue(m.opt.jacobian),
    iterations: m.opt.iterations, tolerance: m.opt.tolerance, ls_iterations: m.opt.ls_iterations,
    ls_tolerance: m.opt.ls_tolerance, noslip_iterations: m.opt.noslip_iterations,
    noslip_tolerance: m.opt.noslip_tolerance, impratio: m.opt.impratio,
    disableflags: m.opt.disableflags, enableflags: m.opt.enableflags, o_margin: m.opt.o_margin,
    o_solref: A(m.opt.o_solref), o_solimp: A(m.opt.o_solimp), gravity: A(m.opt.gravity), qpos0: A(m.qpos0),
    body_mass: A(m.body_mass), body_subtreemass: A(m.body_subtreemass),
    body_inertia: A(m.body_inertia), body_ipos: A(m.body_ipos), body_pos: A(m.body_pos),
    geom_size: A(m.geom_size), geom_rbound: A(m.geom_rbound), geom_pos: A(m.geom_pos),
    jnt_range: A(m.jnt_range), dof_armature: A(m.dof_armature), dof_damping: A(m.dof_damping),
    dof_invweight0: A(m.dof_invweight0), actuator_gear: A(m.actuator_gear),
    actuator_gainprm: A(m.actuator_gainprm), actuator_biasprm: A(m.actuator_biasprm),
    actuator_lengthrange: A(m.actuator_lengthrange), actuator_acc0: A(m.actuator_acc0),
    tendon_length0: A(m.tendon_length0), tendon_invweight0: A(m.tendon_invweight0),
    tendon_lengthspring: A(m.tendon_lengthspring), nwrap: m.nwrap,
    actuator_length0: A(m.actuator_length0), sensor_noise: A(m.sensor_noise),
    sensor_cutoff: A(m.sensor_cutoff),
  };
}

function denseM(mj, m, d) {
  const M = [];
  const buf = new mj.DoubleBuffer(m.nv);
  for (let i = 0; i < m.nv; i++) {
    const e = new Array(m.nv).fill(0);
    e[i] = 1;
    mj.mj_mulM(m, d, buf, e);
    M.push(...A(buf.GetView()));
  }
  buf.delete();
  return M;
}

// n rows of width nv, dense, from a row-sparse matrix (rownnz, rowadr, colind, values)
function denseRows(n, nv, rownnz, rowadr, colind, val) {
  const out = new Array(n * nv).fill(0);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < rownnz[i]; k++) out[i * nv + colind[rowadr[i] + k]] = val[rowadr[i] + k];
  }
  return out;
}

// ten_J as a dense ntendon x nv matrix: stored dense, or row-sparse when the model's
// Jacobians are sparse (jacobian="sparse", or "auto" with 60 dofs or more)
function tendonJ(m, d) {
  const sparse = m.opt.jacobian === 1 || (m.opt.jacobian === 2 && m.nv >= 60);
  if (!sparse) return A(d.ten_J).slice(0, m.ntendon * m.nv);
  return denseRows(m.ntendon, m.nv, A(d.ten_J_rownnz), A(d.ten_J_rowadr), A(d.ten_J_colind),
    A(d.ten_J));
}

function forwardSection(mj, m, d) {
  const f = {
    ncon: d.ncon, nefc: d.nefc, qpos: A(d.qpos), qvel: A(d.qvel), ctrl: A(d.ctrl), act: A(d.act),
    xpos: A(d.xpos), xquat: A(d.xquat), xipos: A(d.xipos), geom_xpos: A(d.geom_xpos),
    geom_xmat: A(d.geom_xmat), site_xpos: A(d.site_xpos), subtree_com: A(d.subtree_com),
    ten_length: A(d.ten_length), ten_velocity: A(d.ten_velocity), ten_J: tendonJ(m, d),
    actuator_moment: denseRows(m.nu, m.nv, A(d.moment_rownnz), A(d.moment_rowadr),
      A(d.moment_colind), A(d.actuator_moment)),
    actuator_length: A(d.actuator_length),
    actuator_velocity: A(d.actuator_velocity), actuator_force: A(d.actuator_force),
    qfrc_bias: A(d.qfrc_bias), qfrc_passive: A(d.qfrc_passive),
    qfrc_actuator: A(d.qfrc_actuator), qacc_smooth: A(d.qacc_smooth),
    qfrc_constraint: A(d.qfrc_constraint), qacc: A(d.qacc), act_dot: A(d.act_dot),
    sensordata: A(d.sensordata),
  };
  if (m.nv <= 200) f.M = denseM(mj, m, d);
  const contacts = [];
  for (let i = 0; i < d.ncon; i++) {
    const c = d.contact.get(i);
    contacts.push({ geom: [c.geom1, c.geom2], dist: c.dist, pos: A(c.pos), frame: A(c.frame),
      includemargin: c.includemargin, friction: A(c.friction), solref: A(c.solref),
      solreffriction: A(c.solreffriction), solimp: A(c.solimp), dim: c.dim,
      exclude: c.exclude });
    c.delete();
  }
  f.contacts = contacts;
  return f;
}

// The constraint rows after mj_forward, in d.efc order, and the solver statistics
// (solver_niter: the per-island counts [0, max(1, min(nisland, mjNISLAND))), as probe.c).
const NISLAND = 20;
function efcSection(mj, m, d) {
  const n = d.nefc;
  const arr = (x, k = 1) => A(x).slice(0, k * n);
  const nstat = Math.max(1, Math.min(d.nisland, NISLAND));
  const addr = [];
  for (let i = 0; i < d.ncon; i++) {
    const c = d.contact.get(i);
    addr.push(c.efc_address);
    c.delete();
  }
  return {
    nefc: n, ne: d.ne, nf: d.nf, nl: d.nl, nisland: d.nisland,
    solver_niter: A(d.solver_niter).slice(0, nstat),
    type: arr(d.efc_type), id: arr(d.efc_id), pos: arr(d.efc_pos), margin: arr(d.efc_margin),
    frictionloss: arr(d.efc_frictionloss), diagApprox: arr(d.efc_diagApprox), R: arr(d.efc_R),
    D: arr(d.efc_D), KBIP: arr(d.efc_KBIP, 4), vel: arr(d.efc_vel), aref: arr(d.efc_aref),
    force: arr(d.efc_force), state: arr(d.efc_state), contact_efc_address: addr,
    ...absJT(mj, m, d),
  };
}

// |J|'|efc_force| and |J|'(efc_D*|efc_aref|) (|J| entrywise, one entry per dof): the size
// of the terms that cancel in qfrc_constraint = J'efc_force, and in each force
// efc_force = -efc_D*(J*qacc - efc_aref) (compare.mjs bounds qfrc_constraint's round-off
// with them; as probe.c).
function absJT(mj, m, d) {
  // the typed-array views themselves (no copy of the whole efc_J buffer)
  const nv = m.nv, force = d.efc_force, J = d.efc_J, D = d.efc_D, aref = d.efc_aref;
  const sparse = mj.mj_isSparse(m);
  const nnz = sparse ? d.efc_J_rownnz : null, adr = sparse ? d.efc_J_rowadr : null;
  const col = sparse ? d.efc_J_colind : null;
  const absJT_force = new Array(nv).fill(0), absJT_Daref = new Array(nv).fill(0);
  for (let i = 0; i < d.nefc; i++) {
    const n = sparse ? nnz[i] : nv, a0 = sparse ? adr[i] : i * nv;
    for (let k = 0; k < n; k++) {
      const c = sparse ? col[a0 + k] : k, a = Math.abs(J[a0 + k]);
      absJT_force[c] += a * Math.abs(force[i]);
      absJT_Daref[c] += a * D[i] * Math.abs(aref[i]);
    }
  }
  return { absJT_force, absJT_Daref };
}

function stepsSection(mj, m, d, steps) {
  let maxncon = d.ncon, maxnefc = d.nefc;
  const ncon_per_step = [], nefc_per_step = [], trace = [];
  for (let k = 0; k < steps; k++) {
    mj.mj_step(m, d);
    trace.push(d.time, ...A(d.qpos), ...A(d.qvel), ...A(d.act));
    maxncon = Math.max(maxncon, d.ncon);
    maxnefc = Math.max(maxnefc, d.nefc);
    ncon_per_step.push(d.ncon);
    nefc_per_step.push(d.nefc);
  }
  // trace: the state after every step (time, qpos, qvel, act), as probe.c
  const counts = steps > 0 ? { ncon_per_step, nefc_per_step } : {};
  return { n: steps, maxncon, maxnefc, ...counts, time: d.time, qpos: A(d.qpos), qvel: A(d.qvel),
    act: A(d.act), ...(steps > 0 ? { trace } : {}) };
}

//---------------------------------- option overrides ----------------------------------------------

// mjtDisableBit names in bit order, as in probe.c
const DISABLE_NAMES = ['constraint', 'equality', 'frictionloss', 'limit', 'contact', 'spring',
  'damper', 'gravity', 'clampctrl', 'warmstart', 'filterparent', 'actuation', 'refsafe', 'sensor',
  'midphase', 'eulerdamp', 'autoreset', 'nativeccd', 'island'];
const CHOICES = { solver: ['pgs', 'cg', 'newton'], cone: ['pyramidal', 'elliptic'],
  jacobian: ['dense', 'sparse', 'auto'] };

// Parse override arguments (name, value) into { solver, cone, jacobian, iterations,
// noslip, tolerance, disable }; throws on a bad one. Shared by the CLI and run.mjs.
export function parseOverride(overrides, name, value) {
  const bad = () => { throw new Error(`bad argument '--${name} ${value}'`); };
  if (value === undefined) bad();
  const count = () => (/^\d+$/.test(value) && +value <= 1e6 ? +value : bad());
  if (name in CHOICES) {
    const i = CHOICES[name].indexOf(String(value).toLowerCase());
    overrides[name] = i >= 0 ? i : bad();
  } else if (name === 'iterations' || name === 'noslip' || name === 'steps') {
    overrides[name] = count();
  } else if (name === 'tolerance') {
    const t = Number(value);
    overrides.tolerance = value.trim() !== '' && t >= 0 ? t : bad();
  } else if (name === 'disable') {
    let bits = 0;
    for (const f of String(value).split(',')) {
      const i = DISABLE_NAMES.indexOf(f.toLowerCase());
      bits |= i >= 0 ? 1 << i : bad();
    }
    overrides.disable = (overrides.disable || 0) | bits;
  } else bad();
  return overrides;
}

function applyOverrides(m, o) {
  if (o.solver !== undefined) m.opt.solver = o.solver;
  if (o.cone !== undefined) m.opt.cone = o.cone;
  if (o.jacobian !== undefined) m.opt.jacobian = o.jacobian;
  if (o.iterations !== undefined) m.opt.iterations = o.iterations;
  if (o.noslip !== undefined) m.opt.noslip_iterations = o.noslip;
  if (o.tolerance !== undefined) m.opt.tolerance = o.tolerance;
  if (o.disable) m.opt.disableflags = m.opt.disableflags | o.disable;
}

//---------------------------------- one model -----------------------------------------------------

// Load a model. mujoco-js either throws (a C++ exception object) or prints
// "Loading error: ..." and returns null or an unusable model: all three are errors.
function loadModel(mj, file) {
  mj.captured.length = 0;
  let m = null, thrown = null;
  try {
    m = mj.MjModel.loadFromXML('/vfs' + file);
  } catch (e) {
    thrown = e;
  }
  const printed = mj.captured.join(' ').replace(/\s+/g, ' ').trim();
  mj.captured.length = 0;
  const broken = !m || typeof m.nbody !== 'number' || m.nbody < 1 || /Loading error/.test(printed);
  if (thrown || broken) {
    if (m && typeof m.delete === 'function') try { m.delete(); } catch { /* already gone */ }
    const what = thrown ? (thrown.name || thrown.message || String(thrown)) : 'no model returned';
    return { error: 'load failed', message: [what, printed].filter(Boolean).join(': ') };
  }
  return { m };
}

// Move the state by a relative amount eps (each qpos and qvel entry by up to
// eps * max(1, |x|), drawn from makeRng(seed)): run.mjs measures how far 3.3.8's own
// trajectory moves when started that close to the probe's state.
function jitterState(m, d, { eps, seed }) {
  const rng = makeRng(seed);
  for (const [x, n] of [[d.qpos, m.nq], [d.qvel, m.nv]]) {
    for (let i = 0; i < n; i++) x[i] += eps * rng.symmetric() * Math.max(1, Math.abs(x[i]));
  }
}

// Probe one model: { model, forward, efc, steps } or { error, message }. overrides:
// as parseOverride produces (the model's own options when empty). jitter: { eps, seed }
// moves the perturbed state by that much (jitterState), oracle side only.
export function probeModel(mj, file, { seed = 1, steps = 20, key = false, overrides = {},
  advance = 0, jitter = null } = {}) {
  file = path.resolve(file);
  stageModel(mj, file);
  const loaded = loadModel(mj, file);
  if (loaded.error) return loaded;
  const m = loaded.m;
  applyOverrides(m, overrides);
  const d = new mj.MjData(m);
  try {
    if (key && m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
    perturb(m, d, makeRng(seed));
    for (let k = 0; k < advance; k++) mj.mj_step(m, d);
    if (jitter) jitterState(m, d, jitter);
    mj.mj_forward(m, d);
    const model = modelSection(m);
    const forward = forwardSection(mj, m, d);
    const efc = efcSection(mj, m, d);
    return { model, forward, efc, steps: stepsSection(mj, m, d, steps) };
  } finally {
    d.delete();
    m.delete();
  }
}

//---------------------------------- command line --------------------------------------------------

async function main() {
  const args = process.argv.slice(2);
  if (args.length < 1) {
    console.error('usage: node probe.mjs MODEL.xml [--seed N] [--steps K] [--key] ' +
      '[--solver pgs|cg|newton] [--cone pyramidal|elliptic] [--jacobian dense|sparse|auto] ' +
      '[--iterations N] [--tolerance T] [--noslip N] [--disable FLAG[,FLAG...]] [--advance N] ' +
      '[--jitter EPS:SEED]');
    process.exit(2);
  }
  const opts = { seed: 1, steps: 20, key: false, overrides: {} };
  try {
    for (let i = 1; i < args.length; i++) {
      const a = args[i];
      if (a === '--key') opts.key = true;
      else if (a === '--seed') opts.seed = parseInt(args[++i], 10);
      else if (a === '--steps') opts.steps = parseOverride({}, 'steps', args[++i]).steps;
      else if (a === '--advance') opts.advance = parseOverride({}, 'steps', args[++i]).steps;
      else if (a === '--jitter') {
        const [eps, s] = String(args[++i]).split(':').map(Number);
        if (!(eps >= 0) || !Number.isInteger(s)) {
          throw new Error(`bad argument '--jitter ${args[i]}'`);
        }
        opts.jitter = { eps, seed: s };
      }
      else if (a.startsWith('--')) parseOverride(opts.overrides, a.slice(2), args[++i]);
      else throw new Error(`unknown argument '${a}'`);
    }
  } catch (e) {
    console.error(`probe.mjs: ${e.message}`);
    process.exit(2);
  }
  const mj = await loadOracle();
  const out = probeModel(mj, args[0], opts);
  console.log(JSON.stringify(out));
  if (out.error) {
    console.error(`load error: ${out.message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) await main();
