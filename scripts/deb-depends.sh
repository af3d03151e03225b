#!/usr/bin/env bash
# The Depends of a .deb holding BINARY: what dpkg-shlibdeps finds from the libraries it links and their packages'
# symbol files, with libc6's lower bound raised to the newest glibc version the binary needs. dpkg-shlibdeps reads
# only the GLIBC_2.x versions of the symbols used, so a binary built with DT_RELR (which needs the version
# GLIBC_ABI_DT_RELR, glibc 2.36) would be said to run on 2.35 and would not start there. Each version the binary
# needs from libc.so.6 is looked up in the installed libc's own version definitions and followed to the GLIBC_x.y
# it belongs to (GLIBC_ABI_DT_RELR's parent is GLIBC_2.36), so nothing here names a version by hand.
# Usage: scripts/deb-depends.sh BINARY   (prints the Depends value)
set -euo pipefail
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian" "$work/DEBIAN"
printf 'Source: fieldline\n\nPackage: fieldline\nArchitecture: any\n' > "$work/debian/control"
cp "$binary" "$work/fieldline"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -efieldline 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "deb-depends: dpkg-shlibdeps found nothing for $binary" >&2; exit 1; }

libc=$(ldd "$binary" | awk '$1 == "libc.so.6" {print $3}')
# Version definitions of the installed libc: name → the GLIBC_x.y it is (itself, or its first parent's).
glibc=$(readelf -V --wide "$libc" | awk '
    /^Version definition section/ { indefs = 1; next }
    /^Version needs section/ { indefs = 0 }
    indefs && /Name: / { name = $NF; defs[name] = name }
    indefs && /Parent 1: / { parent[name] = $NF }
    END { for (n in defs) { v = n; while (v !~ /^GLIBC_[0-9]/ && (v in parent)) v = parent[v]; print n, v } }')
# The glibc versions the binary needs (from libc.so.6, libm.so.6, …: every library of the libc6 package names its
# versions GLIBC_*), each mapped, the newest kept.
needed=$(readelf -V --wide "$binary" | awk '/^Version needs section/ { inneeds = 1; next } inneeds && $2 == "Name:" && $3 ~ /^GLIBC_/ { print $3 }' | sort -u)
newest=$(for v in $needed; do
        if [[ $v =~ ^GLIBC_[0-9] ]]; then echo "$v"; else echo "$glibc" | awk -v v="$v" '$1 == v {print $2}'; fi
    done |
    sed -n 's/^GLIBC_//p' | sort -V | tail -1)
[ -n "$newest" ] || { echo "deb-depends: no glibc version found in $binary" >&2; exit 1; }

# libc6's bound: the higher of dpkg-shlibdeps' and the binary's own.
echo "$shlibs" | tr ',' '\n' | sed 's/^ *//' | awk -v newest="$newest" '
    /^libc6( |$)/ {
        have = $0; sub(/^libc6 *\(>= */, "", have); sub(/\).*/, "", have)
        print "libc6 (>= " newest ")|" have; next
    }
    { print }' | while IFS= read -r line; do
    if [[ $line == libc6* && $line == *"|"* ]]; then
        ours=${line%%|*}; theirs=${line#*|}
        ours_v=${ours#libc6 (>= }; ours_v=${ours_v%)}
        if [ "$(printf '%s\n%s\n' "$ours_v" "$theirs" | sort -V | tail -1)" = "$ours_v" ]; then echo "$ours"; else echo "libc6 (>= $theirs)"; fi
    else
        echo "$line"
    fi
done | paste -sd, - | sed 's/,/, /g'
