#!/usr/bin/env bash
# Builds fieldline_VERSION_ARCH.deb in .build-release/ from `make install DESTDIR=… PREFIX=/usr`'s files.
# Depends: the shared libraries the binary links (the Swift runtime is linked statically), as dpkg-shlibdeps and the
# binary's own glibc version needs give them (scripts/deb-depends.sh); libsqlite3-0 and libpq5 are only recommended:
# they are loaded with dlopen when a SQLite or PostgreSQL target is used. The control file: scripts/deb-control.sh
# (Maintainer from $MAINTAINER, which `make deb` sets).
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
bash scripts/deb-control.sh "$version" "$arch" "$depends" > "$root/DEBIAN/control"
out=.build-release/fieldline_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
