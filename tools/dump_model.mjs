// dump_model.mjs: every compiled mjModel field of MuJoCo 3.3.8 (the mujoco-js
// WebAssembly build) as one JSON object, for a full-field comparison with Sinew's
// tests/conformance/dump_model.c (same names: size fields, arrays flattened row by
// row, "opt.*", "vis.*" and "stat.*" scalars and vectors).
//
//   node tools/dump_model.mjs MODEL.xml > oracle.json
//
// mujoco-js is found as in tests/conformance/probe.mjs (MUJOCO_JS_DIR, normal
// resolution, NODE_PATH). A model that fails to load gives {"error": MESSAGE}
// (exit status 1).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { loadOracle } = await import(path.join(here, '../tests/conformance/probe.mjs'));

// mujoco-js exports no heap view, and a compiler error is thrown as a bare C++
// mjCError whose text (its first member, a char array) is only reachable through
// the instance's memory: keep a handle on it when the module is instantiated.
let wasmMemory = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const r = await instantiate.apply(WebAssembly, args);
  const inst = r.instance || r;
  if (inst.exports && inst.exports.memory) wasmMemory = inst.exports.memory;
  return r;
};

function cxxMessage(e) {
  if (!e || typeof e.excPtr !== 'number' || !wasmMemory) return '';
  const heap = new Uint8Array(wasmMemory.buffer);
  let end = e.excPtr;
  while (end < heap.length && end < e.excPtr + 1000 && heap[end]) end++;
  return Buffer.from(heap.subarray(e.excPtr, end)).toString('utf8');
}

// Mirror the model's directory and its parent at /vfs<abs path> so relative file
// references (include, asset/model, textures) resolve as on disk.
function copyTree(mj, src, depth, budget) {
  let entries;
  try { entries = fs.readdirSync(src, { withFileTypes: true }); } catch { return; }
  mj.FS.mkdirTree('/vfs' + src);
  for (const e of entries) {
    const s = path.join(src, e.name);
    if (e.isDirectory()) {
      if (depth < 4 && e.name !== 'node_modules' && e.name !== '.git' && !e.name.startsWith('build')) {
        copyTree(mj, s, depth + 1, budget);
      }
    } else if (e.isFile()) {
      let size;
      try { size = fs.statSync(s).size; } catch { continue; }  // vanished meanwhile
      if (budget.files <= 0 || budget.bytes < size) continue;
      try { mj.FS.writeFile('/vfs' + s, fs.readFileSync(s)); } catch { continue; }
      budget.files--;
      budget.bytes -= size;
    }
  }
}

// Arrays longer than this are reported as a digest (tests/conformance/dump_model.c does
// the same): a 2048x2048 texture set holds 239 million values, more than fits in JSON.
const DIGEST_OVER = 1 << 24;

// FNV-1a over the two 32-bit halves of each value's double bit pattern.
function digest(v) {
  const d = new Float64Array(1), w = new Uint32Array(d.buffer);
  let h = 2166136261;
  for (let i = 0; i < v.length; i++) {
    d[0] = Number(v[i]);
    h = Math.imul(h ^ w[0], 16777619) >>> 0;
    h = Math.imul(h ^ w[1], 16777619) >>> 0;
  }
  return `digest:${v.length}:${h.toString(16).padStart(8, '0')}`;
}

function plain(v) {
  if (typeof v === 'function') return undefined;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') return undefined;
  if (v && v.value !== undefined) return Number(v.value);  // embind enums
  if (v && v.length !== undefined) return v.length > DIGEST_OVER ? digest(v) : Array.from(v, Number);
  return undefined;
}

export function dumpModel(mj, file) {
  file = path.resolve(file);
  const dir = path.dirname(file), up = path.dirname(dir);
  const budget = { files: 20000, bytes: 256e6 };
  mj.FS.mkdirTree('/vfs' + dir);
  mj.FS.writeFile('/vfs' + file, fs.readFileSync(file));
  copyTree(mj, dir, 0, budget);
  if (up !== dir && path.dirname(up) !== up) copyTree(mj, up, 0, budget);
  mj.captured.length = 0;
  let m = null, thrown = null;
  try { m = mj.MjModel.loadFromXML('/vfs' + file); } catch (e) { thrown = e; }
  const printed = mj.captured.join(' ').replace(/\s+/g, ' ').trim();
  if (thrown || !m || /Loading error/.test(printed)) {
    const what = thrown ? [thrown.name, thrown.message].filter(Boolean).join(": ") || String(thrown) : 'no model';
    return { error: [what, cxxMessage(thrown), printed].filter(Boolean).join(': ') };
  }
  const r = {};
  for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(m))) {
    // the raw buffer of a large model is too long for a plain array (and is only layout)
    if (k === 'buffer') continue;
    let v; try { v = m[k]; } catch { continue; }
    const p = plain(v);
    if (p !== undefined) r[k] = p;
  }
  for (const sub of ['opt', 'stat']) {
    const o = m[sub];
    if (!o) continue;
    for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(o))) {
      let v; try { v = o[k]; } catch { continue; }
      const p = plain(v);
      if (p !== undefined) r[sub + '.' + k] = p;
    }
  }
  m.delete();
  return r;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.length < 3) {
    console.error('usage: node tools/dump_model.mjs MODEL.xml');
    process.exit(2);
  }
  const mj = await loadOracle();
  const r = dumpModel(mj, process.argv[2]);
  console.log(JSON.stringify(r));
  process.exit(r.error ? 1 : 0);
}
