// corpus.mjs: where the shared third-party model corpus is, for the scripts that run on
// it (run.mjs shared, compare_model.mjs --shared).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The directory given, else $SINEW_SHARED_MODELS when set, else <repo>/../shared/models;
// null when that one does not hold scope/all.txt (the corpus is not shipped to users).
export function sharedDir(explicit) {
  const dir = explicit || process.env.SINEW_SHARED_MODELS || path.resolve(REPO, '../shared/models');
  return fs.existsSync(path.join(dir, 'scope/all.txt')) ? dir : null;
}
