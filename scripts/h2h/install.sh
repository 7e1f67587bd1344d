#!/usr/bin/env bash
# Installs one compared server (scenarios/compared-servers.yml) from its checkout in .h2h/NAME
# into .h2h/NAME/.venv, the way that server's own README and lockfile install it (`uv sync
# --frozen`, runtime dependencies only). Used by the head-to-head workflow and by hand:
#
#   git clone https://github.com/secure-ssid/hpe-networking-mcp .h2h/secure-ssid
#   git -C .h2h/secure-ssid checkout <commit from scenarios/compared-servers.yml>
#   bash scripts/h2h/install.sh secure-ssid
#
# The checkout must be at the pinned commit (checked here). Everything the install prints goes
# to .h2h/NAME/install.log as well. Environment:
#   H2H_DIR     where the checkouts live (default: .h2h at the repository root)
#   H2H_PYTHON  the Python interpreter to build the venv with (default: the server's Python,
#               found as python3.X on PATH or under pyenv)
#   UV          the uv binary (default: `uv` on PATH, else uv installed from PyPI into
#               $H2H_DIR/.uv)
# Exit status: 0 installed, 2 usage, 3 checkout missing or not at the pinned commit, 4 no
# suitable Python, 5 the install failed (its log tail is printed).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
name="${1:-}"
h2h_dir="${H2H_DIR:-$root/.h2h}"
manifest="$root/scenarios/compared-servers.yml"

die() { echo "install.sh: $2" >&2; exit "$1"; }

# One Python per server, inside what each declares (pyproject requires-python: secure-ssid and
# Karthik >= 3.10, nowireless4u >= 3.12) and the same locally and in the workflow (which sets up
# 3.11 and 3.12), so the two runs install the same wheels.
case "$name" in
  secure-ssid) python_version=3.12 ;;
  nowireless4u) python_version=3.12 ;;
  karthik) python_version=3.11 ;;
  *) die 2 "usage: install.sh secure-ssid|nowireless4u|karthik (got \"$name\")" ;;
esac

# The pinned commit: the `commit:` line inside the server's block of the manifest.
pinned="$(awk -v want="  $name:" '
  $0 == want { inside = 1; next }
  inside && /^  [^ ]/ { inside = 0 }
  inside && $1 == "commit:" { print $2; exit }
' "$manifest")"
[ -n "$pinned" ] || die 3 "$manifest has no commit for $name"

checkout="$h2h_dir/$name"
[ -d "$checkout/.git" ] || [ -f "$checkout/.git" ] ||
  die 3 "$checkout is not a git checkout (clone the server there and check out $pinned)"
head="$(git -C "$checkout" rev-parse HEAD)"
[ "$head" = "$pinned" ] ||
  die 3 "$checkout is at $head, not the pinned $pinned (git -C $checkout checkout $pinned)"

find_python() {
  if [ -n "${H2H_PYTHON:-}" ]; then echo "$H2H_PYTHON"; return; fi
  local pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}" candidate
  # A pyenv shim is on PATH for every version but fails for one not selected: run each.
  for candidate in "$(command -v "python$python_version" || true)" \
    "$pyenv_root"/versions/"$python_version".*/bin/python"$python_version"; do
    [ -n "$candidate" ] && "$candidate" --version >/dev/null 2>&1 && { echo "$candidate"; return; }
  done
  return 1
}
python="$(find_python)" || die 4 "no Python $python_version found (set H2H_PYTHON, or install it: pyenv install $python_version)"

find_uv() {
  if [ -n "${UV:-}" ]; then echo "$UV"; return; fi
  if command -v uv >/dev/null 2>&1; then command -v uv; return; fi
  if [ ! -x "$h2h_dir/.uv/bin/uv" ]; then
    "$python" -m venv "$h2h_dir/.uv" >&2
    "$h2h_dir/.uv/bin/python" -m pip install --quiet uv >&2
  fi
  echo "$h2h_dir/.uv/bin/uv"
}

log="$checkout/install.log"
set +e
(
  set -e
  echo "install $name at $pinned with $("$python" --version 2>&1) ($python), $(date -u +%FT%TZ)"
  uv="$(find_uv)"
  echo "uv: $("$uv" --version)"
  # The server's own lockfile, runtime dependencies only, into .venv inside the checkout.
  cd "$checkout"
  # Bytecode now: the sandbox mounts the checkout and its venv read-only, so a server could not
  # write its __pycache__ at start-up and would compile every module on every start.
  UV_PROJECT_ENVIRONMENT="$checkout/.venv" "$uv" sync --frozen --no-dev --compile-bytecode --python "$python"
  # The server's own sources (an editable install points at the checkout) likewise.
  "$checkout/.venv/bin/python" -m compileall -q -x '/\.venv/' "$checkout" >/dev/null \
    || echo "compileall: some files of the checkout did not compile (imported from source then)"
  "$checkout/.venv/bin/python" -c 'import sys; print("installed:", sys.prefix, sys.version.split()[0])'
) >"$log" 2>&1
status=$?
set -e
if [ "$status" -ne 0 ]; then
  echo "install.sh: installing $name failed (exit $status); the last lines of $log:" >&2
  tail -n 40 "$log" >&2
  exit 5
fi
tail -n 1 "$log"
