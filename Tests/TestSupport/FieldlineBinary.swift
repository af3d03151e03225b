import Foundation

/// The built `fieldline` binary: it sits next to the running test bundle in `.build/<triple>/debug`.
let fieldlineURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("fieldline")
