import ArgumentParser

/// `--on-timeout`: what a `--timeout` that runs out does besides exit 124. `default` takes `--default` instead (a
/// script's answer when nobody is there, gum #142 and #218).
enum OnTimeout: String, ExpressibleByArgument, CaseIterable, Sendable {
    case `default`
}
