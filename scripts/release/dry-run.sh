#!/usr/bin/env bash
# Everything a release does but push and publish (.github/workflows/release.yml runs the same
# steps, then pushes the tags and publishes):
#   1. VERSION is X.Y.Z and package.json and the pytest plugin say the same version;
#   2. CHANGELOG.md has its section (the release notes), and an Unreleased section above it;
#   3. dist/ matches a fresh build (RELEASE_SKIP_BUILD=1 skips: tests on a throwaway clone);
#   4. the tests pass (RELEASE_SKIP_TESTS=1 skips);
#   5. the npm package packs (npm pack) with the action, the CLI and the fake's export in it, and
#      so does the fake's light package (@hpe-mcp-bench/fake-central, built here unless
#      RELEASE_SKIP_BUILD=1);
#   6. the tags vX.Y.Z, vX.Y and vX point at HEAD (moved locally only).
# Usage: scripts/release/dry-run.sh VERSION [OUT_DIR]   (OUT_DIR default: .release/VERSION)
# Exit: 0 ready, 2 usage or a check that failed (the message says which and the fix).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
version="${1:-}"
die() { echo "dry-run: $*" >&2; exit 2; }
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "usage: dry-run.sh X.Y.Z [OUT_DIR] (got \"$version\")"
major="v${BASH_REMATCH[1]}"
minor="v${BASH_REMATCH[1]}.${BASH_REMATCH[2]}"
out="${2:-$root/.release/$version}"
mkdir -p "$out"

pkg_version="$(node -p "require('./package.json').version")"
[ "$pkg_version" = "$version" ] ||
  die "package.json is at $pkg_version, not $version (npm version $version --no-git-tag-version, then commit)"
plugin="python/pytest-hpe-fake-central/pyproject.toml"
if [ -f "$plugin" ]; then
  plugin_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$plugin" | head -n 1)"
  [ "$plugin_version" = "$version" ] ||
    die "$plugin is at $plugin_version, not $version (the plugin is released with the harness: set its version)"
fi
light="packages/fake-central/package.json"
light_version="$(node -p "require('./$light').version")"
[ "$light_version" = "$version" ] ||
  die "$light is at $light_version, not $version (the fake's light package is released with the harness: set its version)"
grep -q '^## Unreleased' CHANGELOG.md || die "CHANGELOG.md has no '## Unreleased' section (keep one, empty, above the release)"
node scripts/release/changelog-section.mjs "$version" > "$out/release-notes.md" || exit 2
echo "dry-run: release notes: $out/release-notes.md ($(wc -l < "$out/release-notes.md") lines)"

if [ "${RELEASE_SKIP_BUILD:-}" != 1 ]; then
  npm run build >"$out/build.log" 2>&1 || die "npm run build failed (log: $out/build.log)"
  if [ -n "$(git status --porcelain -- dist)" ]; then
    git status --porcelain -- dist >&2
    die "dist/ does not match a fresh build: run npm run build and commit dist/"
  fi
  echo "dry-run: dist/ matches a fresh build"
fi
if [ "${RELEASE_SKIP_TESTS:-}" != 1 ]; then
  npm test >"$out/test.log" 2>&1 || die "npm test failed (log: $out/test.log)"
  echo "dry-run: tests passed"
fi

npm pack --json --pack-destination "$out" >"$out/pack.json" 2>"$out/pack.log" ||
  die "npm pack failed (log: $out/pack.log)"
for needed in action.yml dist/index.js dist/cli/index.js dist/fake-central/index.js; do
  node -e "const [p] = require(process.argv[1]); process.exit(p.files.some((f) => f.path === process.argv[2]) ? 0 : 1)" \
    "$out/pack.json" "$needed" || die "the npm package lacks $needed (package.json files, or build first)"
done
echo "dry-run: npm package $(node -p "require('$out/pack.json')[0].filename")"
if [ "${RELEASE_SKIP_BUILD:-}" != 1 ]; then
  npm run build:fake-package >"$out/build-fake-package.log" 2>&1 ||
    die "npm run build:fake-package failed (log: $out/build-fake-package.log)"
  npm pack ./packages/fake-central --json --pack-destination "$out" >"$out/pack-fake.json" 2>>"$out/pack.log" ||
    die "npm pack ./packages/fake-central failed (log: $out/pack.log)"
  echo "dry-run: npm package $(node -p "require('$out/pack-fake.json')[0].filename")"
fi

for tag in "v$version" "$minor" "$major"; do
  git tag -f "$tag" HEAD >/dev/null
done
echo "dry-run: tags v$version, $minor and $major at $(git rev-parse --short HEAD) (local; a release pushes them)"
echo "dry-run: ready to release $version"
