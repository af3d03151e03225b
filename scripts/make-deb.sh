#!/usr/bin/env bash
# Builds fieldline_VERSION_ARCH.deb in .build-release/ from `make install DESTDIR=… PREFIX=/usr`'s files.
# Depends: the shared libraries the binary links (the Swift runtime is linked statically), as dpkg-shlibdeps and the
# binary's own glibc version needs give them (scripts/deb-depends.sh); libsqlite3-0 and libpq5 are only recommended:
# they are loaded with dlopen when a SQLite or PostgreSQL target is used.
set -euo pipefail
cd "$(dirname "$0")/.."
fl=${1:-.build-release/release/fieldline}
version=$("$fl" --version)
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
make --no-print-directory install DESTDIR="$root" PREFIX=/usr >/dev/null
mkdir -p "$root/DEBIAN"
depends=$(bash scripts/deb-depends.sh "$root/usr/bin/fieldline")
cat > "$root/DEBIAN/control" <<CONTROL
Package: fieldline
Version: $version
Architecture: $arch
Maintainer: fieldline developers <fieldline@localhost>
Depends: $depends
Recommends: libsqlite3-0, libpq5
Section: utils
Priority: optional
Description: validated, as-you-type formatted input fields for the terminal
 fieldline asks for values in install scripts (the value on stdout, the UI on the
 terminal) and runs data-entry forms saved to JSON Lines, CSV, SQLite or PostgreSQL.
CONTROL
out=.build-release/fieldline_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
