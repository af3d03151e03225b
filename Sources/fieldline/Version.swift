/// fieldline's version: the one place it is written. `fieldline --version`, the man page's footer
/// (scripts/finish-man.sh) and `make deb`'s package name and control file read it from the binary; CHANGELOG.md's
/// latest release names it (ReleaseTests).
enum Version {
    static let current = "0.7.0"
}
