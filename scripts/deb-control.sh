#!/usr/bin/env bash
# Writes the package's DEBIAN/control to stdout: deb-control.sh VERSION ARCH DEPENDS, the Maintainer field from
# $MAINTAINER (the Makefile's, overridable: make deb MAINTAINER='Name <address>'). A maintainer that is not
# "Name <user@domain.tld>" (fieldline@localhost reaches nobody) is refused rather than written into a package apt
# would show.
set -euo pipefail
version=$1
arch=$2
depends=$3
maintainer=${MAINTAINER:-}
if ! [[ $maintainer =~ ^[^\<\>@]*[^\<\>@\ ]\ \<[^\<\>@\ ]+@[^\<\>@\ ]+\.[^\<\>@\ .]+\>$ ]]; then
  echo "deb-control: MAINTAINER must be 'Name <address>' with a domain people can write to, not '$maintainer'" >&2
  exit 64
fi
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "deb-control: '$version' is not a version (MAJOR.MINOR.PATCH)" >&2
  exit 64
fi
cat <<CONTROL
Package: fieldline
Version: $version
Architecture: $arch
Maintainer: $maintainer
Depends: $depends
Recommends: libsqlite3-0, libpq5
Section: utils
Priority: optional
Description: validated, as-you-type formatted input fields for the terminal
 fieldline asks for values in install scripts (the value on stdout, the UI on the
 terminal) and runs data-entry forms saved to JSON Lines, CSV, SQLite or PostgreSQL.
CONTROL
