import Synchronization

/// A value shared by the copies of the struct that holds it (a formatter's last state, a layout's last answer),
/// behind a lock: `check` reads lines on several threads.
final class SharedState<Value: Sendable>: Sendable {
    /// The value; read and change it inside `withLock`.
    let value: Mutex<Value>

    init(_ initial: Value) { value = Mutex(initial) }
}
