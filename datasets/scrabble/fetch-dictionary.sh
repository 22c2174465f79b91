#!/usr/bin/env bash
# Rebuilds dictionary.txt from the npm package word-list (MIT licence, by Sindre Sorhus):
# every word of 2 to 15 letters (a longer word cannot fit on the board), sorted, after a comment
# naming the source. Its licence notice is copied to LICENSE-word-list.txt.
# Needs npm (to fetch the package), tar and sha256sum. Run from any folder.
set -euo pipefail

version=4.1.0
words_sha256=2df02fa8ed82d465482ae40c4f9cb52a713baa1d3bfdce1acb2a5fe30420eea8

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "word-list@$version" >/dev/null)
tar -xzf "$work/word-list-$version.tgz" -C "$work"
echo "$words_sha256  $work/package/words.txt" | sha256sum --check --quiet

{
    echo "// word-list $version (npm package, MIT licence: see LICENSE-word-list.txt); words of 2 to 15 letters"
    LC_ALL=C grep -E '^[a-z]{2,15}$' "$work/package/words.txt" | LC_ALL=C sort -u
} >"$work/dictionary.txt"
cp "$work/package/license" "$here/LICENSE-word-list.txt"
mv "$work/dictionary.txt" "$here/dictionary.txt"
echo "dictionary.txt: $(($(wc -l <"$here/dictionary.txt") - 1)) words"
