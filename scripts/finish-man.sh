#!/usr/bin/env bash
# Finishes the man page ArgumentParser's generate-manual wrote (PAGE, in place) with what the generator cannot say:
# the version, from FIELDLINE's `--version` (Sources/fieldline/Version.swift, the one place it is written), in the
# footer; and in place of its generic EXIT STATUS ("0 on success, >0 if an error occurs"), docs/man/environment.mdoc
# (with docs/man/option-environment.mdoc, the variables of every ask and confirm option, which the option lists make
# and OptionEnvironmentTests keeps equal to them, where its `.\" OPTION-ENVIRONMENT` line is)
# and docs/man/exit-status.mdoc (codes per command, held to Sources/fieldline/ExitCodes.swift by ManualPageTests).
# A page without the generator's .Os line or EXIT STATUS section is refused: the generator changed.
set -euo pipefail
page=$1
fl=$2
here="$(cd "$(dirname "$0")/.." && pwd)"
version=$("$fl" --version)
case $version in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "finish-man: '$fl --version' printed '$version', not a version" >&2; exit 1 ;;
esac
out=$(mktemp "$page.XXXXXX")
trap 'rm -f "$out"' EXIT
awk -v version="$version" -v environment="$here/docs/man/environment.mdoc" -v exits="$here/docs/man/exit-status.mdoc" \
    -v options="$here/docs/man/option-environment.mdoc" '
  function insert(file,   line) {
    while ((getline line < file) > 0) { if (line == ".\\\" OPTION-ENVIRONMENT") insert(options); else print line }
    close(file)
  }
  /^\.Os( |$)/ { print ".Os fieldline " version; os = 1; next }
  /^\.Sh "?EXIT STATUS"?$/ { insert(environment); insert(exits); skipping = 1; replaced = 1; next }
  /^\.Sh / { skipping = 0 }
  !skipping { print }
  END {
    if (!os) { print "finish-man: no .Os line in the page" > "/dev/stderr"; exit 1 }
    if (!replaced) { print "finish-man: no EXIT STATUS section in the page" > "/dev/stderr"; exit 1 }
  }
' "$page" > "$out"
mv "$out" "$page"
trap - EXIT
