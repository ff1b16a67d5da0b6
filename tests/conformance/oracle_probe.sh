#!/bin/sh
# The oracle behind probe.c's command line: run.mjs --probe oracle_probe.sh compares the
# oracle with itself, which must match with every requirement on (the tooling's self-test).
exec node "$(dirname "$0")/probe.mjs" "$@"
