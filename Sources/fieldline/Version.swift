/// fieldline's version: the one place it is written (`fieldline --version`, the man page, `make deb`).
enum Version {
    static let current = "0.7.0"
}
