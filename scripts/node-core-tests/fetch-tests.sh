#!/usr/bin/env bash
# Fetches Node's core tests for querystring, child_process and https into a folder and prints the path of their
# test/ directory (the last line of stdout): the upstream tarball of Debian's nodejs source package whose upstream
# version has the host's major version, checked against the SHA-256 of Debian's signed source index. Nothing is kept
# in the repository. apt runs with a private state folder inside DEST, so the machine's own apt sources and lists are
# left as they are. Shared by .ci/node-core-tests (the reference) and scripts/oracle.mjs (the certified runtimes).
#
#   scripts/node-core-tests/fetch-tests.sh DEST
#
# Exit status: 0 with the path printed, 1 when Debian serves no source of the host's Node line or the download fails
# its checksum, 2 for bad usage or a missing keyring.
set -euo pipefail

dest=${1:-}
if [ -z "$dest" ] || [ $# -ne 1 ]; then
  echo "fetch-tests: usage: scripts/node-core-tests/fetch-tests.sh DEST" >&2
  exit 2
fi
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

major=$(node -p 'process.versions.node.split(".")[0]')
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "fetch-tests: $keyring is missing (apt-get install debian-archive-keyring)" >&2; exit 2; }
apt_dir="$dest/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
# Debian's suites from oldest to newest: the newest source of the host's Node line wins.
for suite in bookworm trixie sid; do
  echo "deb-src [signed-by=$keyring] $mirror $suite main"
done > "$apt_dir/sources.list"
apt_options=(
  -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/none"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "Debug::NoLocking=1"
  -o "APT::Sandbox::User=$(id -un)"
)
apt-get -qq "${apt_options[@]}" update >&2
# One line per source record of nodejs with a Node $major upstream: version, directory, file, sha256 of the tarball.
pick=$(apt-cache "${apt_options[@]}" showsrc nodejs | awk -v major="$major" '
  /^Package: / { version = ""; dir = ""; file = ""; sum = ""; in_sums = 0 }
  /^Version: / { version = $2 }
  /^Directory: / { dir = $2 }
  /^Checksums-Sha256:/ { in_sums = 1; next }
  in_sums && /^ / { if ($3 ~ /^nodejs_[^-]*\.orig\.tar\.xz$/) { sum = $1; file = $3 } next }
  { in_sums = 0 }
  /^$/ { if (version ~ "^" major "\\." && file != "") print version, dir, file, sum }
  END { if (version ~ "^" major "\\." && file != "") print version, dir, file, sum }
' | sort -V -k1,1 | tail -n 1)
if [ -z "$pick" ]; then
  echo "fetch-tests: Debian serves no nodejs source of Node $major (suites: bookworm, trixie, sid)" >&2
  exit 1
fi
read -r version dir file sum <<<"$pick"
echo "fetch-tests: Debian's nodejs $version ($file), for the host's $(node --version)" >&2
curl -fsS --retry 3 -o "$dest/$file" "$mirror/$dir/$file"
echo "$sum  $dest/$file" | sha256sum -c --quiet - >&2
upstream=${file#nodejs_}
upstream=${upstream%%+*}
upstream=${upstream%.orig.tar.xz}
# Only what the three modules' tests need: Node's test helpers, fixtures and the three modules' files.
tar -xJf "$dest/$file" -C "$dest" --wildcards \
  "node-v$upstream/test/common/*" "node-v$upstream/test/fixtures/*" \
  "node-v$upstream/test/parallel/test-querystring*" "node-v$upstream/test/parallel/test-child-process*" \
  "node-v$upstream/test/parallel/test-https*"
rm -f "$dest/$file"
echo "$dest/node-v$upstream/test"
