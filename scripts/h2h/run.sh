#!/usr/bin/env bash
# The head-to-head end to end, the same in .github/workflows/head-to-head.yml and by hand:
#   1. install every compared server from its checkout in $H2H_DIR/NAME (scripts/h2h/install.sh);
#      one that fails is recorded as "could not run" with its log, and the others go on;
#   2. run one report with every server that installed (hpe-mcp-bench.compared.yml);
#   3. recompute every figure of the report from its runs (`hpe-mcp-bench verify`): a figure that
#      does not follow stops the script before anything is published;
#   4. render the results page and the dashboard with `hpe-mcp-bench publish`, and verify that
#      they show the report's figures (`verify --page`).
#
#   bash scripts/h2h/run.sh [--servers a,b] [--suites x,y] [--runs N] [--out DIR] [--version V]
#   (V must be package.json's version, the default)
#                           [--policy scripted|llm|replay] [--provider P] [--model ID]
#                           [--sandbox auto|on|off] [--install always|skip]
#
# --install skip uses the venvs an earlier install.sh made (.h2h/NAME/.venv) instead of syncing
# them again: for two run.sh at once (sandboxed and not, docs/head-to-head.md), which would
# otherwise re-sync the same venvs at the same time.
#
# Check the servers out first: the workflow does it with actions/checkout at the pinned commits;
# by hand, see scripts/h2h/install.sh. Environment: H2H_DIR (default .h2h), HPE_MCP_BENCH (the CLI,
# default `node dist/cli/index.js`; `npx tsx src/cli/index.ts` runs the sources); for the script's
# own test: H2H_CONFIG (default hpe-mcp-bench.compared.yml), H2H_INSTALL (default
# scripts/h2h/install.sh) and H2H_SCENARIOS (scenario paths; default the golden suite).
# Before the run, `eras` (hpe-mcp-bench eras) asks each installed server which MCP eras it speaks;
# a dual-era one is also run as NAME@2025-11-25 (H2H_ERAS=skip: not asked, each server once).
# Writes into --out (default reports/h2h): install/NAME.log, eras.jsonl, report.json, summary.md,
# benchmark-results-V-DATE.md and .html (V the version, DATE the run's date from report.json: one
# page per result) and page-name.txt holding that name without extension.
# Exit status: 0 published; 1 nothing could be installed or run, or verify found a figure that
# does not follow from the report's runs (nothing is published then); 2 usage; the page is written
# whenever a report exists, even when the run found a safety failure or a server failed to start.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

servers="secure-ssid,nowireless4u,karthik"
suites=""
runs=5
out="reports/h2h"
version=""
policy=""
provider=""
model=""
sandbox=""
install_mode="always"
usage() { echo "usage: run.sh [--servers a,b] [--suites x,y] [--runs N] [--out DIR] [--version V] [--policy P] [--provider P] [--model ID] [--sandbox auto|on|off] [--install always|skip]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case "$1" in
    --servers) servers="$2" ;;
    --suites) suites="$2" ;;
    --runs) runs="$2" ;;
    --out) out="$2" ;;
    --version) version="$2" ;;
    --policy) policy="$2" ;;
    --provider) provider="$2" ;;
    --model) model="$2" ;;
    --sandbox) sandbox="$2" ;;
    --install) install_mode="$2" ;;
    *) usage ;;
  esac
  shift 2
done
[[ "$runs" =~ ^[0-9]+$ ]] || { echo "run.sh: --runs must be a number, got \"$runs\"" >&2; exit 2; }
[[ "$servers" =~ ^[a-z0-9,-]+$ ]] || { echo "run.sh: --servers must be comma-separated names, got \"$servers\"" >&2; exit 2; }
[[ "$install_mode" =~ ^(always|skip)$ ]] || { echo "run.sh: --install must be always or skip, got \"$install_mode\"" >&2; exit 2; }
[[ -z "$sandbox" || "$sandbox" =~ ^(auto|on|off)$ ]] || { echo "run.sh: --sandbox must be auto, on or off, got \"$sandbox\"" >&2; exit 2; }
[[ -z "$suites" || "$suites" =~ ^[a-z0-9,-]+$ ]] || { echo "run.sh: --suites must be comma-separated names, got \"$suites\"" >&2; exit 2; }
# One version source: package.json. The report's harness field, the page's title and this
# default all come from it; a --version that differs (a tag that is not the release) stops here.
package_version="$(node -p 'require("./package.json").version')"
version="${version:-$package_version}"
[ "$version" = "$package_version" ] || {
  echo "run.sh: --version $version but package.json says $package_version (the report's harness and the page take the version from package.json: bump it there)" >&2
  exit 2
}
read -r -a cli <<<"${HPE_MCP_BENCH:-node dist/cli/index.js}"
config="${H2H_CONFIG:-hpe-mcp-bench.compared.yml}"
install="${H2H_INSTALL:-scripts/h2h/install.sh}"
read -r -a scenario_paths <<<"${H2H_SCENARIOS:-}"

# The bench config names .h2h/NAME relative to the repository: point it at H2H_DIR if elsewhere.
if [ -n "${H2H_DIR:-}" ] && [ "$(cd "$H2H_DIR" && pwd)" != "$root/.h2h" ] && [ ! -e .h2h ]; then
  ln -s "$(cd "$H2H_DIR" && pwd)" .h2h
fi

mkdir -p "$out/install"
run_args=()
installed=()
could_not_run=()
IFS=',' read -r -a names <<<"$servers"
for name in "${names[@]}"; do
  echo "::group::install $name"
  if [ "$install_mode" = skip ]; then
    if [ -x ".h2h/$name/.venv/bin/python" ]; then
      echo "installed earlier: .h2h/$name/.venv (--install skip)" | tee "$out/install/$name.log"
      run_args+=(--server "$name")
      installed+=(--server "$name")
    else
      echo "::warning title=head-to-head::$name has no .h2h/$name/.venv (--install skip); it is recorded as could not run"
      echo "no venv at .h2h/$name/.venv: run scripts/h2h/install.sh $name first" >"$out/install/$name.log"
      could_not_run+=(--could-not-run "$name=$out/install/$name.log")
    fi
  elif bash "$install" "$name" >"$out/install/$name.log" 2>&1; then
    run_args+=(--server "$name")
    installed+=(--server "$name")
    tail -n 3 "$out/install/$name.log"
  else
    echo "::warning title=head-to-head::$name could not be installed; it is recorded as could not run"
    tail -n 20 "$out/install/$name.log"
    could_not_run+=(--could-not-run "$name=$out/install/$name.log")
  fi
  echo "::endgroup::"
done
if [ ${#run_args[@]} -eq 0 ]; then
  echo "run.sh: no server could be installed (logs in $out/install/)" >&2
  exit 1
fi

# Equal terms across MCP eras: a server that speaks both MCP eras is run a second time as
# NAME@2025-11-25 (its launch with the 2025 initialize only), so the page ranks every server on
# a common era and shows the other beside it. `eras` asks each server rather than trusting a
# list (a server's server/discover answer does not say it also speaks 2025). H2H_ERAS=skip
# runs each server once, in the era it negotiates (the script's own test of other servers).
if [ "${H2H_ERAS:-detect}" != skip ]; then
  echo "::group::eras"
  eras_args=()
  [ -z "$sandbox" ] || eras_args+=(--sandbox "$sandbox")
  "${cli[@]}" eras --config "$config" "${installed[@]}" ${eras_args[@]+"${eras_args[@]}"} --json >"$out/eras.jsonl" || true
  cat "$out/eras.jsonl"
  while IFS= read -r variant; do
    [ -z "$variant" ] || run_args+=(--server "$variant")
  done < <(node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) if (l.trim()) { const v = JSON.parse(l).variant; if (v) console.log(v); }' "$out/eras.jsonl")
  echo "::endgroup::"
fi

if [ -n "$suites" ]; then
  IFS=',' read -r -a suite_list <<<"$suites"
  for suite in "${suite_list[@]}"; do run_args+=(--suite "$suite"); done
fi
[ -z "$policy" ] || run_args+=(--policy "$policy")
[ -z "$provider" ] || run_args+=(--provider "$provider")
[ -z "$model" ] || run_args+=(--model "$model")
[ -z "$sandbox" ] || run_args+=(--sandbox "$sandbox")
[ "$runs" -ge 5 ] || run_args+=(--allow-few-runs)

echo "::group::run ${run_args[*]}"
status=0
"${cli[@]}" run ${scenario_paths[@]+"${scenario_paths[@]}"} --config "$config" "${run_args[@]}" --runs "$runs" --out "$out" || status=$?
echo "::endgroup::"
# 1 (a safety failure) and 3 (a server failed to start) are results to publish, not reasons to stop.
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 3 ]; then
  echo "run.sh: the run failed (exit $status)" >&2
  exit "$status"
fi
[ -f "$out/report.json" ] || { echo "run.sh: the run wrote no $out/report.json" >&2; exit 1; }

run_date="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).generated_at.slice(0, 10)' "$out/report.json")"
page_name="benchmark-results-$version-$run_date"
echo "$page_name" >"$out/page-name.txt"
publish_args=(--version "$version" --page "$out/$page_name.md" --dashboard "$out/$page_name.html")
# H2H_CLASSIFICATION: the classification file (default the committed one; empty: none, as the
# script's own test runs other servers than the ones it classifies).
classification="${H2H_CLASSIFICATION-docs/benchmark-classification.yml}"
[ -z "$classification" ] || [ ! -f "$classification" ] || publish_args+=(--classification "$classification")
[ "$runs" -ge 5 ] || publish_args+=(--allow-few-runs)
echo "::group::verify $out/report.json"
"${cli[@]}" verify "$out/report.json" || {
  echo "::error title=head-to-head::verify: figures of $out/report.json do not follow from its runs (listed above); nothing was published"
  exit 1
}
echo "::endgroup::"
"${cli[@]}" publish "$out/report.json" "${publish_args[@]}" ${could_not_run[@]+"${could_not_run[@]}"}
"${cli[@]}" verify "$out/report.json" --page "$out/$page_name.md" --page "$out/$page_name.html"
