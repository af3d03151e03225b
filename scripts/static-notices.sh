#!/usr/bin/env bash
# The copyright and licence terms of the libraries linked statically into the release binary, for
# share/doc/fieldline/copyright: each archive in FOLDER (the Makefile's static-libs folder of symlinks) is followed
# to the Debian package that installed it, and that package's copyright file is copied in whole. The BSD- and
# MIT-style licences of libedit, ncurses' libtinfo, libbsd, libmd, libyaml and PCRE2 ask for their notices to go
# with a binary; libstdc++'s GCC Runtime Library Exception does not, so it is named only.
# Usage: scripts/static-notices.sh FOLDER
set -euo pipefail
folder=$1
echo "The fieldline binary contains the libraries below, linked statically from Debian's packages; each one's"
echo "copyright file follows."
for archive in "$folder"/*.a; do
    [ -e "$archive" ] || continue
    name=$(basename "$archive" .a)
    package=$(dpkg -S "$(readlink -f "$archive")" 2>/dev/null | head -1 | cut -d: -f1) || package=""
    if [ "$name" = libstdc++ ]; then
        echo; echo "== $name (${package:-unknown package}): GCC Runtime Library Exception, no notice required =="
        continue
    fi
    echo; echo "== $name (from Debian's ${package:-unknown package}) =="
    if [ -n "$package" ] && [ -f "/usr/share/doc/$package/copyright" ]; then
        cat "/usr/share/doc/$package/copyright"
    else
        echo "deb: no copyright file found for $archive" >&2; exit 1
    fi
done
