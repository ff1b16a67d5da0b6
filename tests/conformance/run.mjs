// run.mjs: the conformance driver. Runs Sinew's probe (probe.c, built by CMake)
// and MuJoCo 3.3.8's WebAssembly build (probe.mjs, in this process) on models
// with a couple of seeds, and compares the results field by field.
//
//   node run.mjs models --probe PROBE FILE...    project models: each must match
//   node run.mjs shared --probe PROBE [DIR]      third-party corpus (default: $SINEW_SHARED_MODELS
//                                                or <repo>/../shared/models): every model in
//                                                scope/full.txt must match; every other one
//                                                must match or fail to load with "not yet supported"
//   node run.mjs bad --probe PROBE FILE...       invalid models: must fail to load, without
//                                                crashing, with the message given in the file's
//                                                <!-- expect-error: TEXT --> comment
// options: --seeds 1,2  --steps 20  --cache DIR (oracle results)  --rtol R  --atol A
//          --verbose (print every failing field)  --only-list FILE (shared: subset of models;
//          a path relative to the corpus, e.g. scope/constraint.txt, works too)
//          --require-constraints rows,solution|none (overrides REQUIRE_CONSTRAINTS below)
//          --matrix (solver runs: all 3 solvers x 2 cones instead of the model's own pair)
//
// Exit status: 0 pass, 1 fail, 77 skipped (node too old, mujoco-js or the corpus missing).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadOracle, probeModel, parseOverride } from './probe.mjs';
import { compareProbes, formatFailures, DEFAULT_RTOL, DEFAULT_ATOL } from './compare.mjs';
import { sharedDir } from './corpus.mjs';

const SKIP = 77;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');

// What must agree. Model section: every compiled field the probe prints.
// Forward: the perturbed state itself (proves both sides start identically), the
// smooth-dynamics outputs and the contacts (the collision stage: count, geoms,
// geometry and mixed parameters, and their order). Contacts are required for project
// models and, in shared mode, for the models of scope/collision.txt; the exclude flags
// (set by the constraint stage) and sensors are reported but not required; the
// constraint rows, forces and qacc are required as REQUIRE_CONSTRAINTS (below) says.
const REQUIRED_FORWARD = [
  'qpos', 'qvel', 'ctrl', 'act', 'xpos', 'xquat', 'xipos', 'subtree_com', 'geom_xpos',
  'geom_xmat', 'site_xpos', 'M', 'qfrc_bias', 'qfrc_passive', 'actuator_length',
  'actuator_velocity', 'actuator_force', 'qfrc_actuator', 'qacc_smooth', 'act_dot',
  'ten_length', 'ten_velocity', 'ten_J', 'actuator_moment', 'sensordata',
];
// Compiled fields compared at their own relative tolerance: length ranges computed at
// compile time are themselves the result of a simulation (issue 5 asks for 1e-3).
const FIELD_TOL = { actuator_lengthrange: 1e-3 };
const CONTACT_FORWARD = ['ncon', 'contacts', 'contacts_order'];
const INFO_FORWARD = ['ncon', 'nefc', 'contacts', 'contacts_order', 'contacts_exclude',
  'qfrc_constraint', 'qacc'];
// Models whose contacts are known to differ, with the reason (project models by their
// path in the repository, corpus models by their path in the corpus): their contacts
// are reported as info (and the reason printed) instead of failing the model. Remove
// an entry when its cause is fixed. All are narrow-phase differences, measured on the
// perturbed states (seeds 1, 2-key); the convex-solver ones agree in dist to 2e-8,
// their witness points/normals differ by more than the 1e-6 geometry tolerance.
// A model listed here whose contacts do match fails as "stale known entry", so the
// list only ever holds differences that still exist.
const KNOWN_CONTACTS = {
  'mujoco-model/replicate/particle_free2d.xml': 'ellipsoid pairs in a plane: counts match, depths ' +
    'to 2e-6, but 1 of 177 contact frames at seed 1 is the z-mirror of 3.3.8\'s (geoms 70-86) and ' +
    'another (109-123) differs by 7e-5 (an earlier mirror choice, seen stepping ccd_iterations), ' +
    'and at seed 2 key one of 190 (147-148) is a z-mirror and another (132-164) differs by 2e-4 ' +
    '(they were 5 + 0 and 3 + 2, and 70 and 75 before that): the Minkowski difference is symmetric about z = 0 and EPA meets mirror-image faces ' +
    'whose keys tie exactly; epa.c takes 3.3.8\'s choice at every ccd_iterations in 388 of 400 ' +
    'random planar poses, and the ties it misses are between two faces of one fan (see sn_epa)',
};

// Compiled-model and forward fields known to differ on a few corpus models, with the
// tolerance they do meet (null: not compared) and the measured reason. As with
// KNOWN_CONTACTS, an entry whose fields match at the normal tolerance fails as stale.
const KNOWN_FIELDS = {
};

// Trajectory: compared at the normal tolerance when the oracle saw no contact and no
// constraint row in any of the steps; with constraints (under REQUIRE_CONSTRAINTS.solution)
// within TRAJECTORY_TOL, since it then depends on the solver's convergence.
const TRAJECTORY = ['time', 'qpos', 'qvel', 'act'];
const TRAJECTORY_TOL = 1e-4;
// A trajectory with contacts can cross a state where 3.3.8's own result jumps: a contact
// that appears or not, a narrow-phase answer that changes branch, under a change of the
// state in its last bits (measured: on frame.xml, whose box-box pair sometimes gets a
// corner contact twice, 3.3.8 started 1e-14 away parts from itself at steps 1-8; prism EPA
// on hfield_collision_box_tilted.xml at step 15). From there on 3.3.8 cannot reproduce its
// own trajectory, so no engine can be held to it. When the trajectories part, the oracle is
// run again from the same state moved by a relative JITTER_EPS (JITTER_RUNS draws): the
// first step at which one of these leaves the oracle's trajectory by more than
// TRAJECTORY_TOL is the horizon, and Sinew must follow the oracle within TRAJECTORY_TOL at
// every step before it. If 3.3.8 reproduces itself over all the steps, Sinew must too.
// 1e-14 is a few ulps of the states (|q| ~ 0.1-1), as far apart as the two engines' own
// states are after a few steps through contacts (measured 1e-17 to 1e-14 in qvel).
const JITTER_EPS = 1e-14;
const JITTER_RUNS = 8;

//---------------------------------- constraints ---------------------------------------------------

// The constraint stage's requirements (on since assembly, solver, equality and island
// landed; --require-constraints none turns them off for one run, e.g. to bisect):
//   rows:     the efc rows after mj_forward (EFC_ROWS: counts, the same constraints in
//             the same order, each contact's efc_address, and every row field) at the
//             normal tolerance, with the model's own options.
//   solution: in the solver runs (SOLVE_OPTIONS: tolerance 1e-10 and an iteration cap the
//             oracle stays under; the model's own solver and cone, or with --matrix all
//             six pairs) SOLUTION_FIELDS at SOLUTION_TOL (Newton; CG and PGS: see there),
//             whenever the oracle converged (every solver_niter entry below the cap); and
//             the 20-step trajectories with constraints within TRAJECTORY_TOL.
// Both apply to every project model and, in shared mode, to the models of
// scope/constraint.txt; elsewhere, and while off, the same comparisons are printed as
// "info". A model with a known contact difference (KNOWN_CONTACTS) has no constraint
// requirement either: its contact rows follow its contacts.
const REQUIRE_CONSTRAINTS = { rows: true, solution: true };
const EFC_ROW_VALUES = ['pos', 'margin', 'frictionloss', 'diagApprox', 'R', 'D', 'KBIP', 'vel',
  'aref'].map((f) => `efc.${f}`);
const EFC_ROWS = [...['nefc', 'ne', 'nf', 'nl', 'rows', 'order', 'contact_efc_address']
  .map((f) => `efc.${f}`), ...EFC_ROW_VALUES];
// qfrc_constraint = J'efc_force also passes within the round-off of its cancelling terms
// (compare.mjs, qfrcConstraintBound): with parent-child contacts (R ~2e-15, forces ~1e17)
// its entries are what is left of a sum that cancels from 1e17 to 50.
const SOLUTION_FIELDS = ['forward.qfrc_constraint', 'forward.qacc', 'efc.force'];
// Reported, never required: the solver's path (iterations, islands) and the active set.
const SOLUTION_INFO = ['efc.state', 'efc.solver_niter', 'efc.nisland'];
// Relative to each field's largest entry as well as to each entry: a solver stops on the
// norm of its gradient (scaled by the mean inertia), which bounds the error of the whole
// vector, not of each entry, so small entries only agree to 1e-6 of the field's scale.
// That is Newton's tolerance: at tolerance 1e-10 it lands within 1e-12 of the exact
// solution. CG and PGS stop on their improvement per iteration instead and, measured on
// the project's constraint models, 3.3.8's own CG and PGS end 1e-7 to 1e-5 from the exact
// solution at tolerance 1e-10: two correct implementations that stop an iteration apart
// differ by that much. So for CG and PGS the tolerance is max(SOLUTION_TOL, 2 eps), eps being
// the distance (in the same measure) of the oracle's result from the exact solution (the
// oracle's Newton at tolerance EXACT_TOLERANCE; for qacc and efc_force the larger of their
// two, for qfrc_constraint its own too): Sinew must be as close to the oracle as a result as
// accurate as the oracle's can be.
const SOLUTION_TOL = 1e-6;
const EXACT_TOLERANCE = '1e-14';
const SOLVE_ITERATIONS = 1000;
const SOLVE_OPTIONS = { tolerance: '1e-10', iterations: String(SOLVE_ITERATIONS) };
const SOLVERS = ['newton', 'cg', 'pgs'], CONES = ['pyramidal', 'elliptic'];

// Models whose constraint results are known to differ, with the reason: { parts, why,
// rowsTol, solutionTol, matrix }. parts: among 'rows', 'solution', 'trajectory' (the latter
// two both under REQUIRE_CONSTRAINTS.solution); those parts are then reported instead of
// required. rowsTol / solutionTol: the row values (EFC_ROW_VALUES) / the solver runs are
// still required, at that relative and absolute tolerance. matrix: true when the
// difference is in a solver or cone the model does not use itself (the entry then applies
// to --matrix runs only). As with KNOWN_CONTACTS an entry fails as stale when its parts
// match at the normal tolerance; entries whose parts are not yet required are ignored.

const KNOWN_CONSTRAINTS = {
  // (None left:) convex pairs whose GJK passes roundoff ties (a capsule's segment core converging onto a
  // curved rim, a sphere's point core onto an ellipsoid): the support picks between equal
  // candidates by the last bits of the search direction, so the iterate follows 3.3.8's
  // only while the arithmetic is bit for bit its own. gjk.c now is on its segment,
  // triangle and tetrahedron stages and the ellipsoid support (the sphere-ellipsoid entry
  // went when the triangle order rule of gjk.c's sv_triangle was found, the planar-segment
  // one when epa.c's segment polytope took 3.3.8's directions and winding).
  // sdf descents: contacts match, but their last digits follow the compiled octree's.
  'tests/models/collide_sdf_sdf.xml': { parts: ['rows', 'solution', 'trajectory'],
    rowsTol: 1e-6, solutionTol: 1e-6,
    why: 'contacts match (counts, and values to 2e-9), but descents that leave the small ' +
      'sdf\'s octree box take forward differences (step 1e-8) of its field, which carry the ' +
      'compiled octree\'s last bits: oct_aabb is bit for bit, oct_coeff agrees with 3.3.8\'s to ' +
      '4e-16 but only 23% bit for bit (octree.c), so those contacts\' depths are 1e-10 .. 2e-9 off and the ' +
      'rows (efc_pos, efc_aref) and forces follow to ~3e-7 relative; the trajectories part ' +
      'at step 2 through the contact set' },
};

//---------------------------------- arguments -----------------------------------------------------

function parseArgs(argv) {
  const o = { mode: argv[0], files: [], seeds: [1, 2], steps: 20, cache: null, probe: null,
    rtol: DEFAULT_RTOL, atol: DEFAULT_ATOL, verbose: false, onlyList: null,
    require: { ...REQUIRE_CONSTRAINTS }, matrix: false, solve: true };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--probe') o.probe = argv[++i];
    else if (a === '--seeds') o.seeds = argv[++i].split(',').map(Number);
    else if (a === '--steps') o.steps = parseInt(argv[++i], 10);
    else if (a === '--cache') o.cache = argv[++i];
    else if (a === '--rtol') o.rtol = parseFloat(argv[++i]);
    else if (a === '--atol') o.atol = parseFloat(argv[++i]);
    else if (a === '--verbose') o.verbose = true;
    else if (a === '--only-list') o.onlyList = argv[++i];
    else if (a === '--matrix') o.matrix = true;
    else if (a === '--require-constraints') {
      const parts = argv[++i].split(',');
      o.require = { rows: parts.includes('rows'), solution: parts.includes('solution') };
    }
    else o.files.push(path.resolve(a));
  }
  return o;
}

//---------------------------------- the two sides -------------------------------------------------

// The seed runs: the first from the model's default state, the others from keyframe 0
// (when the model has one), so keyframes are checked too.
const runsFor = (seeds) => seeds.map((seed, i) => ({ seed, key: i > 0 }));

// probe arguments for an override set ({ solver: 'cg', tolerance: '1e-10', ... })
const overrideArgs = (ov) => Object.entries(ov || {}).flatMap(([k, v]) => [`--${k}`, String(v)]);

function runSinew(probe, file, run, steps) {
  const args = [file, '--seed', String(run.seed), '--steps', String(steps), ...overrideArgs(run.overrides)];
  if (run.key) args.push('--key');
  const r = spawnSync(probe, args, { encoding: 'utf8', maxBuffer: 1 << 30, timeout: 300e3 });
  if (r.error) return { crash: `could not run probe: ${r.error.message}` };
  if (r.signal) return { crash: `killed by ${r.signal}${r.stderr ? ': ' + tail(r.stderr) : ''}` };
  const sanitizer = /(ERROR: (Address|Leak)Sanitizer|runtime error:)[^\n]*/.exec(r.stderr || '');
  if (sanitizer) return { crash: `sanitizer: ${sanitizer[0]}` };
  if (r.status !== 0 && r.status !== 1) return { crash: `exit status ${r.status}: ${tail(r.stderr)}` };
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { crash: `unparsable output (exit ${r.status}): ${tail(r.stderr || r.stdout)}` };
  }
}

const tail = (s) => String(s || '').trim().split('\n').slice(-3).join(' | ').slice(0, 400);

// Everything the oracle result depends on: the model's own directory (includes,
// assets) as file names, sizes and mtimes, the model text, and the oracle probe.
function cacheKey(file, run, steps) {
  const h = crypto.createHash('sha1');
  h.update(fs.readFileSync(file));
  h.update(fs.readFileSync(path.join(HERE, 'probe.mjs')));
  const walk = (dir, depth) => {
    let entries = [];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 2) walk(p, depth + 1);
      else if (e.isFile() && /\.(xml|png|stl|obj|msh)$/i.test(e.name)) {
        const st = fs.statSync(p);
        h.update(`${p}:${st.size}:${st.mtimeMs}\n`);
      }
    }
  };
  walk(path.dirname(file), 0);
  h.update(`${path.resolve(file)}|${run.seed}|${run.key}|${steps}|` +
    `${JSON.stringify(run.overrides || {})}|${JSON.stringify(run.jitter || null)}`);
  return h.digest('hex');
}

// The WebAssembly heap is capped at 2 GB and fragments over a long corpus run, and
// an abort() leaves the instance unusable: in both cases the oracle is
// re-instantiated and the model retried once.
async function runOracle(oracle, opts, file, run, steps = opts.steps) {
  let cachefile = null;
  if (opts.cache) {
    cachefile = path.join(opts.cache, cacheKey(file, run, steps) + '.json');
    try { return JSON.parse(fs.readFileSync(cachefile, 'utf8')); } catch { /* not cached */ }
  }
  let out;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const overrides = {};
      for (const [k, v] of Object.entries(run.overrides || {})) parseOverride(overrides, k, v);
      out = probeModel(oracle.mj, file, { seed: run.seed, steps, key: run.key, overrides,
        jitter: run.jitter || null });
    } catch (e) {
      out = { error: 'oracle failed', message: String(e && (e.message || e.name) || e) };
    }
    if (!out.error || !/enlarge memory|out of memory|Aborted/i.test(out.message)) break;
    oracle.mj = await loadOracle();
  }
  if (out.error && /Aborted/.test(out.message)) oracle.mj = await loadOracle();
  // transient failures are not cached; the write is atomic for parallel ctest runs
  if (cachefile && !(out.error && /enlarge memory|out of memory|Aborted/i.test(out.message))) {
    fs.mkdirSync(opts.cache, { recursive: true });
    const tmp = `${cachefile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(out));
    fs.renameSync(tmp, cachefile);
  }
  return out;
}

//---------------------------------- one model -----------------------------------------------------

// Compare one model over all runs. Returns { status, detail, info, trajectory,
// solved } with status one of match, mismatch, sinew-load-error, crash, oracle-load-error.
// req: what is required besides the smooth fields: contacts, and the constraint parts
// rows, solution, trajectory.
async function checkModel(oracle, opts, file, req, knownFields = null) {
  const result = { status: 'match', detail: [], info: [], trajectory: 0, solved: 0 };
  // a headline per failing comparison; with --verbose one indented line per field below it
  const report = (list, tag, cmp) => {
    list.push(`${tag}: ${cmp.failures.map((f) => f.name).join(' ')}`);
    if (opts.verbose) list.push(...formatFailures(cmp, '  ').split('\n'));
  };
  const fail = (tag, cmp) => {
    result.status = 'mismatch';
    report(result.detail, tag, cmp);
  };
  const note = (tag, cmp) => { if (cmp.failed) report(result.info, tag, cmp); };
  for (const run of runsFor(opts.seeds)) {
    const ref = await runOracle(oracle, opts, file, run);
    if (ref.error) return { status: 'oracle-load-error', detail: [ref.message || ref.error], info: [] };
    const cand = runSinew(opts.probe, file, run, opts.steps);
    if (cand.crash) return { status: 'crash', detail: [cand.crash], info: [] };
    if (cand.error) return { status: 'sinew-load-error', detail: [cand.message || cand.error], info: [] };

    const tag = `seed ${run.seed}${run.key ? ' key' : ''}`;
    const required = req.contacts ? [...REQUIRED_FORWARD, ...CONTACT_FORWARD] : REQUIRED_FORWARD;
    const only = new Set(required.map((f) => `forward.${f}`));
    for (const k of Object.keys(ref.model)) only.add(`model.${k}`);
    if (req.rows) for (const f of EFC_ROWS) only.add(f);
    const constraintFree = ref.steps.maxncon === 0 && ref.steps.maxnefc === 0;
    if (constraintFree) {
      for (const f of TRAJECTORY) only.add(`steps.${f}`);
      result.trajectory++;
    }
    const loose = [];
    for (const [f, tol] of Object.entries(FIELD_TOL)) {
      if (only.delete(`model.${f}`)) loose.push({ name: `model.${f}`, tol, atol: opts.atol });
    }
    for (const [f, tol] of Object.entries(knownFields ? knownFields.fields : {})) {
      for (const sec of ['model', 'forward']) {
        if (only.delete(`${sec}.${f}`) && tol !== null) loose.push({ name: `${sec}.${f}`, tol, atol: opts.atol });
      }
    }
    if (req.rows && req.rowsTol) {
      for (const f of EFC_ROW_VALUES) {
        if (only.delete(f)) loose.push({ name: f, tol: req.rowsTol, atol: req.rowsTol });
      }
    }
    const cmp = compareProbes(cand, ref, { rtol: opts.rtol, atol: opts.atol, only });
    for (const { name, tol, atol } of loose) {
      const c = compareProbes(cand, ref, { rtol: tol, atol, only: new Set([name]), sections: ['model', 'forward', 'efc'] });
      if (c.failed) {
        cmp.failed += c.failed;
        cmp.failures.push(...c.failures);
      }
    }
    if (cmp.failed) fail(tag, cmp);
    const infoOnly = new Set(INFO_FORWARD.map((f) => `forward.${f}`));
    if (!req.rows) for (const f of EFC_ROWS) infoOnly.add(f);
    note(tag, compareProbes(cand, ref, { rtol: opts.rtol, atol: opts.atol, only: infoOnly,
      sections: ['forward', 'efc'] }));

    // the trajectory through constraints, within TRAJECTORY_TOL (up to the oracle's own
    // horizon, see JITTER_EPS)
    if (!constraintFree && opts.steps > 0) {
      const traj = compareProbes(cand, ref, { rtol: TRAJECTORY_TOL, atol: TRAJECTORY_TOL,
        only: new Set(TRAJECTORY.map((f) => `steps.${f}`)), sections: ['steps'] });
      let trajTag = `${tag} trajectory (tolerance ${TRAJECTORY_TOL})`;
      let ok = !traj.failed;
      if (traj.failed) {
        const counts = compareProbes(cand, ref, { only: new Set(['steps.ncon_per_step',
          'steps.nefc_per_step']), sections: ['steps'] });
        traj.failures.push(...counts.failures);
        // the oracle's own horizon costs JITTER_RUNS more oracle runs: only when required
        if (req.trajectory) {
          const h = await trajectoryHorizon(oracle, opts, file, run, cand, ref);
          trajTag += `: ${h.why}`;
          ok = h.ok;
        }
      }
      if (!req.trajectory) note(trajTag, traj);
      else if (!ok) fail(trajTag, traj);
      else {
        result.trajectory++;
        if (traj.failed) result.info.push(trajTag);
      }
    }

    // the solver runs: only where the oracle has constraint rows at the perturbed state
    if (!opts.solve || !(ref.efc && ref.efc.nefc > 0)) continue;
    for (const variant of solveVariants(opts, ref.model)) {
      const vrun = { ...run, overrides: variant.overrides };
      const vtag = `${tag} ${variant.name}`;
      const vref = await runOracle(oracle, opts, file, vrun, 0);
      if (vref.error) return { status: 'oracle-load-error', detail: [vref.message || vref.error], info: [] };
      const vcand = runSinew(opts.probe, file, vrun, 0);
      if (vcand.crash) return { status: 'crash', detail: [`${vtag}: ${vcand.crash}`], info: [] };
      if (vcand.error) return { status: 'sinew-load-error', detail: [vcand.message || vcand.error], info: [] };
      let converged = vref.efc.solver_niter.every((n) => n < SOLVE_ITERATIONS);
      // qacc and efc_force are where the solver stops (its primal and dual variables):
      // both get the larger of their two distances; qfrc_constraint = J'efc_force, which
      // with R ~2e-15 rows is mostly round-off (compare.mjs, qfrcConstraintBound), gets
      // its own on top, but must not widen theirs
      const tols = Object.fromEntries(SOLUTION_FIELDS.map((f) => [f, SOLUTION_TOL]));
      let why = '';
      if (converged && variant.solver !== 'newton') {
        const exactRun = { ...run, overrides: { solver: 'newton', cone: variant.cone,
          tolerance: EXACT_TOLERANCE, iterations: String(SOLVE_ITERATIONS) } };
        const exact = await runOracle(oracle, opts, file, exactRun, 0);
        const eps = SOLUTION_FIELDS.map((f) => (exact.error ? Infinity
          : relativeDistance(vref, exact, [f])));
        converged = eps.every(Number.isFinite);
        const own = (f) => f === 'forward.qfrc_constraint';
        const stop = Math.max(...eps.filter((e, k) => !own(SOLUTION_FIELDS[k])));
        SOLUTION_FIELDS.forEach((f, k) => {
          tols[f] = Math.max(SOLUTION_TOL, 2 * stop, own(f) ? 2 * eps[k] : 0);
        });
        why = ` (tolerance ${SOLUTION_FIELDS.map((f) => tols[f].toExponential(1)).join('/')}: ` +
          `the oracle's ${variant.solver} is ${eps.map((e) => e.toExponential(1)).join('/')} from ` +
          `the exact solution in ${SOLUTION_FIELDS.map((f) => f.split('.')[1]).join('/')})`;
      }
      if (req.solutionTol > Math.min(...Object.values(tols))) {
        for (const f of SOLUTION_FIELDS) tols[f] = Math.max(tols[f], req.solutionTol);
        why = ` (tolerance ${req.solutionTol.toExponential(1)}: known difference)`;
      }
      const sol = { passed: 0, failed: 0, failures: [] };
      for (const f of SOLUTION_FIELDS) {
        const c = compareProbes(vcand, vref, { rtol: tols[f], atol: tols[f], only: new Set([f]),
          sections: ['forward', 'efc'] });
        sol.passed += c.passed;
        sol.failed += c.failed;
        sol.failures.push(...c.failures);
      }
      if (req.solution && converged) {
        if (sol.failed) fail(vtag + why, sol);
        else result.solved++;
      } else {
        note(`${vtag}${converged ? why : ' (oracle did not converge)'}`, sol);
      }
      note(vtag, compareProbes(vcand, vref, { only: new Set(SOLUTION_INFO), sections: ['efc'] }));
    }
  }
  return result;
}

// The state after step k (1-based) of a probe's steps.trace, as a probe-like object whose
// steps section compareProbes can compare; null without a trace.
function stepState(probe, model, k) {
  const t = probe.steps && probe.steps.trace;
  const w = 1 + model.nq + model.nv + model.na;
  if (!Array.isArray(t) || t.length < k * w) return null;
  const s = t.slice((k - 1) * w, k * w);
  return { steps: { time: s[0], qpos: s.slice(1, 1 + model.nq),
    qvel: s.slice(1 + model.nq, 1 + model.nq + model.nv), act: s.slice(1 + model.nq + model.nv) } };
}

// The first step (1-based) at which probe a leaves probe b by more than TRAJECTORY_TOL
// (Infinity when never, null when a trace is missing).
function partingStep(a, b, model, steps) {
  for (let k = 1; k <= steps; k++) {
    const sa = stepState(a, model, k), sb = stepState(b, model, k);
    if (!sa || !sb) return null;
    const c = compareProbes(sa, sb, { rtol: TRAJECTORY_TOL, atol: TRAJECTORY_TOL,
      only: new Set(TRAJECTORY.map((f) => `steps.${f}`)), sections: ['steps'] });
    if (c.failed) return k;
  }
  return Infinity;
}

// Where Sinew's trajectory leaves the oracle's and whether that is past the oracle's own
// horizon: the first step at which 3.3.8, started JITTER_EPS away (JITTER_RUNS draws),
// leaves its own trajectory. { ok, why }.
async function trajectoryHorizon(oracle, opts, file, run, cand, ref) {
  const model = ref.model;
  const part = partingStep(cand, ref, model, opts.steps);
  if (part === null) return { ok: false, why: 'no per-step trace to locate the parting step' };
  if (part === Infinity) {
    return { ok: false, why: 'the final states differ, no step of the traces does' };
  }
  let horizon = Infinity;
  for (let s = 1; s <= JITTER_RUNS && horizon > 1; s++) {
    const jitter = { eps: JITTER_EPS, seed: s };
    const jr = await runOracle(oracle, opts, file, { ...run, jitter });
    if (jr.error) return { ok: false, why: `jittered oracle run: ${jr.message || jr.error}` };
    horizon = Math.min(horizon, partingStep(jr, ref, model, opts.steps) ?? Infinity);
  }
  const own = Number.isFinite(horizon)
    ? `3.3.8 started ${JITTER_EPS} away leaves its own trajectory at step ${horizon}`
    : `3.3.8 started ${JITTER_EPS} away (${JITTER_RUNS} runs) follows its own trajectory ` +
      `over all ${opts.steps} steps`;
  const ok = part >= horizon;
  return { ok, why: `Sinew leaves the oracle's trajectory at step ${part}; ${own}` +
    (ok ? `: compared through step ${horizon - 1}` : '') };
}

// The solver runs for a model: its own solver and cone, or all six pairs (--matrix), at
// tolerance 1e-10 and the SOLVE_ITERATIONS cap.
function solveVariants(opts, model) {
  if (!opts.matrix) {
    const solver = ['pgs', 'cg', 'newton'][model.solver], cone = CONES[model.cone];  // enum order
    return [{ name: `${solver}/${cone} tol 1e-10`, solver, cone, overrides: { ...SOLVE_OPTIONS } }];
  }
  return SOLVERS.flatMap((solver) => CONES.map((cone) => ({ name: `${solver}/${cone} tol 1e-10`,
    solver, cone, overrides: { solver, cone, ...SOLVE_OPTIONS } })));
}

// The largest |a - b| / (max(1, field scale) + |b|) over the given fields: the smallest
// rtol = atol at which compareProbes would pass them (Infinity when they cannot match).
function relativeDistance(a, b, fields) {
  const t = 1e-15;
  const c = compareProbes(a, b, { rtol: t, atol: t, only: new Set(fields), sections: ['forward', 'efc'] });
  return c.failures.reduce((m, f) => Math.max(m, f.err * t), 0);
}

//---------------------------------- modes ---------------------------------------------------------

// What a model must match: contacts (when in scope and not a known difference) and the
// constraint parts switched on in opts.require, less those its KNOWN_CONSTRAINTS entry names.
function requirements(opts, contactsInScope, knownContact, knownConstraint) {
  if (knownConstraint && knownConstraint.matrix && !opts.matrix) knownConstraint = null;
  const contacts = contactsInScope && !knownContact;
  // a known contact difference carries over to the contact rows and everything after them
  const on = !knownContact;
  const req = { contacts, rows: on && opts.require.rows, solution: on && opts.require.solution,
    trajectory: on && opts.require.solution };
  // the parts a known entry really excuses (required but for the entry)
  const excused = (knownConstraint ? knownConstraint.parts : []).filter((p) => req[p]);
  const relaxed = { ...req };
  for (const p of excused) relaxed[p] = false;
  // rows within a looser tolerance rather than not at all
  if (excused.includes('rows') && knownConstraint.rowsTol) {
    relaxed.rows = true;
    relaxed.rowsTol = knownConstraint.rowsTol;
  }
  if (excused.includes('solution') && knownConstraint.solutionTol) {
    relaxed.solution = true;
    relaxed.solutionTol = knownConstraint.solutionTol;
  }
  return { req, relaxed, excused };
}

// Check a model; for one with a known difference (contacts, fields or constraints), first
// with everything required: if it matches the entry is stale (a failure), else the check
// runs without what the entry excuses.
async function checkWithKnown(oracle, opts, file, contactsInScope, known, knownFields = null,
  knownConstraint = null) {
  const { req, relaxed, excused } = requirements(opts, contactsInScope, known, knownConstraint);
  if (!known && !knownFields && !excused.length) return checkModel(oracle, opts, file, req);
  const strictReq = known ? { ...req, contacts: true } : req;
  if (excused.length) for (const p of excused) strictReq[p] = true;
  const strict = await checkModel(oracle, opts, file, strictReq);
  if (strict.status === 'match') {
    strict.status = 'stale known entry';
    strict.detail.unshift('now matches: remove this model from KNOWN_CONTACTS/KNOWN_FIELDS/' +
      'KNOWN_CONSTRAINTS in run.mjs');
    return strict;
  }
  return checkModel(oracle, opts, file, relaxed, knownFields);
}

function knownConstraintLine(opts, contactsInScope, known, entry) {
  const active = requirements(opts, contactsInScope, known, entry).excused.length > 0;
  const inactive = entry.matrix && !opts.matrix ? 'applies to --matrix runs only'
    : 'those parts are not required';
  return `  known constraint difference (${entry.parts.join(', ')}): ${entry.why}` +
    `${active ? '' : ` (inactive: ${inactive})`}`;
}

const requiredParts = (opts) => ['rows', 'solution'].filter((p) => opts.require[p]).join(', ') || 'none';

async function modelsMode(oracle, opts) {
  let passed = 0, failed = 0;
  for (const file of opts.files) {
    const name = path.relative(REPO, path.resolve(file));
    const known = KNOWN_CONTACTS[name];
    const knownConstraint = KNOWN_CONSTRAINTS[name] || null;
    const knownFields = KNOWN_FIELDS[name] || null;
    const r = await checkWithKnown(oracle, opts, file, true, known, knownFields, knownConstraint);
    const ok = r.status === 'match';
    ok ? passed++ : failed++;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${r.status}` +
      `${ok ? `, trajectory compared in ${r.trajectory} of ${opts.seeds.length} runs` : ''}` +
      `${ok && r.solved ? `, solution compared in ${r.solved} solver runs` : ''}; ` +
      `constraint requirements: ${requiredParts(opts)})`);
    if (known) console.log(`  known contact difference (contacts not required): ${known}`);
    if (knownFields) console.log(`  known field difference (${Object.keys(knownFields.fields).join(', ')}): ${knownFields.why}`);
    if (knownConstraint) console.log(knownConstraintLine(opts, true, known, knownConstraint));
    for (const line of r.detail) console.log(`  ${line}`);
    for (const line of r.info) console.log(line.startsWith(' ') ? `  ${line}` : `  info (not required): ${line}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

function readList(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').map((s) => s.trim()).filter((s) => s && !s.startsWith('#'));
  } catch {
    return null;
  }
}

async function sharedMode(oracle, opts) {
  const dir = sharedDir(opts.files[0]);
  if (!dir) {
    console.log('SKIP: no shared model corpus (set SINEW_SHARED_MODELS or put it at <repo>/../shared/models)');
    return SKIP;
  }
  const all = readList(path.join(dir, 'scope/all.txt'));
  const smooth = new Set(readList(path.join(dir, 'scope/smooth.txt')) || []);
  const collision = new Set(readList(path.join(dir, 'scope/collision.txt')) || []);
  const constraint = new Set(readList(path.join(dir, 'scope/constraint.txt')) || []);
  // scope/full.txt (issue 5): every model there must load and match; "not yet supported"
  // is accepted only outside it (flexes, skins, composites, plugins)
  const full = new Set(readList(path.join(dir, 'scope/full.txt')) || []);
  // --only-list: a file, or a path inside the corpus (scope/constraint.txt)
  const listFile = opts.onlyList && !fs.existsSync(opts.onlyList) ? path.join(dir, opts.onlyList)
    : opts.onlyList;
  const subset = listFile ? new Set(readList(listFile) || []) : null;
  const tally = { match: 0, unsupported: 0, failed: 0, oracle: 0 };
  let smoothMatched = 0, smoothTotal = 0, fullMatched = 0, fullTotal = 0;
  const failures = [];
  for (const rel of all) {
    if (subset && !subset.has(rel)) continue;
    const inSmooth = smooth.has(rel), inFull = full.has(rel);
    smoothTotal += inSmooth ? 1 : 0;
    fullTotal += inFull ? 1 : 0;
    const known = collision.has(rel) ? KNOWN_CONTACTS[rel] : null;
    const knownFields = KNOWN_FIELDS[rel] || null;
    const inConstraint = constraint.has(rel);
    const knownConstraint = inConstraint ? KNOWN_CONSTRAINTS[rel] || null : null;
    // constraint parts, and the solver runs, only for the constraint scope
    const mopts = inConstraint ? opts
      : { ...opts, require: { rows: false, solution: false }, solve: false };
    const r = await checkWithKnown(oracle, mopts, path.join(dir, rel), collision.has(rel), known,
      knownFields, knownConstraint);
    let verdict;
    if (r.status === 'match') {
      verdict = 'MATCH';
      tally.match++;
      smoothMatched += inSmooth ? 1 : 0;
      fullMatched += inFull ? 1 : 0;
    } else if (r.status === 'oracle-load-error') {
      verdict = 'SKIP (oracle cannot load)';
      tally.oracle++;
    } else if (r.status === 'sinew-load-error' && !inFull && /not yet supported/.test(r.detail[0])) {
      verdict = 'UNSUPPORTED';
      tally.unsupported++;
    } else {
      verdict = `FAIL (${r.status}${inSmooth ? ', in smooth scope' : inFull ? ', in full scope' : ''})`;
      tally.failed++;
      failures.push(rel);
    }
    console.log(`${verdict} ${rel}${verdict === 'UNSUPPORTED' || r.status === 'oracle-load-error' ? ': ' + r.detail[0] : ''}`);
    if (known) console.log(`  known contact difference (contacts not required): ${known}`);
    if (knownFields) console.log(`  known field difference (${Object.keys(knownFields.fields).join(', ')}): ${knownFields.why}`);
    if (knownConstraint) console.log(knownConstraintLine(mopts, collision.has(rel), known, knownConstraint));
    if (verdict.startsWith('FAIL')) for (const line of r.detail) console.log(`  ${line}`);
    if (opts.verbose) {
      for (const line of r.info) console.log(line.startsWith(' ') ? `  ${line}` : `  info (not required): ${line}`);
    }
  }
  const total = tally.match + tally.unsupported + tally.failed;
  console.log(`constraint requirements (scope/constraint.txt): ${requiredParts(opts)}`);
  console.log(`shared corpus: ${tally.match} of ${total} models match (smooth scope: ${smoothMatched} of ` +
    `${smoothTotal}; full scope: ${fullMatched} of ${fullTotal}), ${tally.unsupported} not yet supported, ${tally.failed} failed` +
    `${tally.oracle ? `, ${tally.oracle} skipped (oracle)` : ''}`);
  if (failures.length) console.log(`failed: ${failures.join(' ')}`);
  console.log(`${tally.match + tally.unsupported} passed, ${tally.failed} failed`);
  return tally.failed ? 1 : 0;
}

// <!-- expect-error: TEXT --> in the file gives the message Sinew must produce
// and <!-- expect-line: N --> the line it must point at, as "file.xml:N:"
function expectedError(file) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /<!--\s*expect-error:\s*([^>]*?)\s*-->/.exec(text);
  const l = /<!--\s*expect-line:\s*(\d+)\s*-->/.exec(text);
  return m ? { text: m[1], line: l ? `${path.basename(file)}:${l[1]}:` : null } : null;
}

function badMode(opts) {
  let passed = 0, failed = 0;
  for (const file of opts.files) {
    const name = path.relative(REPO, path.resolve(file));
    const want = expectedError(file);
    const out = runSinew(opts.probe, file, { seed: 1, key: false }, 1);
    let why = null;
    if (!want) why = 'no <!-- expect-error: ... --> comment in the file';
    else if (out.crash) why = `crashed: ${out.crash}`;
    else if (!out.error) why = 'loaded without error';
    else if (!String(out.message).toLowerCase().includes(want.text.toLowerCase())) {
      why = `message "${out.message}" does not contain "${want.text}"`;
    } else if (want.line && !String(out.message).includes(want.line)) {
      why = `message "${out.message}" does not point at ${want.line}`;
    }
    why ? failed++ : passed++;
    console.log(`${why ? 'FAIL' : 'PASS'} ${name}${why ? ': ' + why : `: "${out.message}"`}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

//---------------------------------- main ----------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!['models', 'shared', 'bad'].includes(opts.mode) || !opts.probe) {
    console.error('usage: node run.mjs models|shared|bad --probe PROBE [FILES|DIR] [options]');
    return 2;
  }
  if (!fs.existsSync(opts.probe)) {
    console.error(`run.mjs: probe ${opts.probe} not found`);
    return 1;
  }
  if (opts.mode === 'bad') return badMode(opts);
  const oracle = {};
  try {
    oracle.mj = await loadOracle();
  } catch (e) {
    console.log(`SKIP: cannot load the MuJoCo oracle (mujoco-js): ${e.message || e}`);
    return SKIP;
  }
  return opts.mode === 'models' ? modelsMode(oracle, opts) : sharedMode(oracle, opts);
}

process.exitCode = await main();
