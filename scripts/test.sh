#!/usr/bin/env bash
# `npm test`: every test of the project, in at most 10 minutes on a 2-core machine (issue 39).
#
#   1. the type check and the five builds (hosted, single file, LMS package, SCORM and cmi5 zips),
#      side by side with the model and component tests (which need no build): both are CPU work,
#      and neither waits for the other;
#   2. the browser tests against the builds, BROWSER_WORKERS files at a time (3 by default: a
#      browser test waits on Chromium much of its time), one preview server for all of them;
#   3. the conformance test against a real etcd, beside the size budgets: both mostly wait.
#
# A failed phase fails the run once its jobs are done. The builds' own output is kept in a file and
# printed after the model tests, so the two do not interleave. The last line, however the run ends,
# counts the tests run: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
start=$SECONDS
work=$(mktemp -d)
# On any exit, the count of the tests run so far (a failed phase stops the run, so later phases
# count nothing): the last line, "N passed, N failed".
summary() {
  node -e '
    const fs = require("fs");
    let passed = 0, failed = 0, skipped = 0;
    for (const f of process.argv.slice(1)) {
      if (!fs.existsSync(f)) continue;
      const r = JSON.parse(fs.readFileSync(f, "utf8"));
      passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    }
    console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "$work/units.json" "$work/browser.json" "$work/etcd.json" || true
}
# Jobs still running in the background (a build, the budget check) end with the script.
trap 'code=$?; jobs -p | xargs -r kill 2>/dev/null; summary; rm -rf "$work"; exit $code' EXIT
phase() { printf '\n== %s (at %d s)\n' "$1" "$((SECONDS - start))"; }
report() { echo "--reporter=default --reporter=json --outputFile.json=$work/$1.json"; }

phase 'type check and builds, beside the model and component tests'
(
  tsc -p . &&
    vite build &&
    vite build --mode single &&
    vite build --mode package &&
    tsx scripts/build-package.ts scorm &&
    tsx scripts/build-package.ts cmi5
) >"$work/build.log" 2>&1 &
builds=$!
units=0
# shellcheck disable=SC2046
vitest run --project model --project components $(report units) || units=$?
built=0
wait "$builds" || built=$?
phase "builds (their output, $( ((built == 0)) && echo ok || echo FAILED))"
cat "$work/build.log"
if ((built != 0)); then echo "The type check or a build failed (above)."; exit "$built"; fi
if ((units != 0)); then echo "Model or component tests failed (above)."; exit "$units"; fi

phase 'browser tests'
# shellcheck disable=SC2046
vitest run --project browser --maxWorkers="${BROWSER_WORKERS:-3}" $(report browser) || { echo "Browser tests failed (above)."; exit 1; }

phase 'etcd conformance, beside the size budgets'
# Both mostly wait (etcd runs out its TTLs; the budget check blocks the page's scripts in turn, each
# blocked load timing out), so neither crowds the other; beside the browser tests, the budget
# check's "before the first render" would depend on a loaded machine. Its output is printed after.
tsx tests/budget/check-budgets.ts >"$work/budget.log" 2>&1 &
budgets=$!
etcd=0
# shellcheck disable=SC2046
vitest run --project etcd $(report etcd) || etcd=$?
budget=0
wait "$budgets" || budget=$?
phase "size budgets ($( ((budget == 0)) && echo ok || echo FAILED))"
cat "$work/budget.log"
if ((etcd != 0)); then echo "The etcd conformance test failed (above)."; exit "$etcd"; fi
if ((budget != 0)); then echo "A size budget is exceeded or a build is missing (above)."; exit "$budget"; fi

phase "all done in $((SECONDS - start)) s"
