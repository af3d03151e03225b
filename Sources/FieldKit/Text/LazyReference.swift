import Synchronization

/// A reference made on first use by whichever thread asks first, the others then sharing it: what the standard
/// library's `AtomicLazyReference` does, but with its load inlined where it is used (its own is a generic call,
/// paid twice for every phone number an import checks).
final class LazyReference<Instance: AnyObject & Sendable>: Sendable {
    private let slot = Atomic<UInt>(0)

    /// An empty reference.
    init() {}

    /// The instance stored, nil before one is.
    var value: Instance? { ReferenceSlot.load(slot) }

    /// `body` of the instance stored, nil before one is: the instance is borrowed, not retained, for the call (a
    /// stored instance lives as long as the reference).
    @inline(__always)
    func read<Result>(_ body: (Instance) -> Result) -> Result? {
        guard let raw = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Instance>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// Stores `made` unless an instance was stored first; returns the one stored.
    func storeIfNil(_ made: Instance) -> Instance { ReferenceSlot.storeIfNil(slot, made) }

    deinit { ReferenceSlot.release(slot, as: Instance.self) }
}

/// An atomic word holding a retained object's address (0: none yet), stored once: `LazyReference`'s one slot and
/// the phone metadata's table of a slot per calling code. An integer, as pointers are not Sendable.
enum ReferenceSlot {
    /// The object stored, nil before one is.
    @inline(__always)
    static func load<Instance: AnyObject>(_ slot: borrowing Atomic<UInt>) -> Instance? {
        UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)).map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Stores `made` unless an object was stored first; returns the one stored.
    static func storeIfNil<Instance: AnyObject>(_ slot: borrowing Atomic<UInt>, _ made: Instance) -> Instance {
        let raw = Unmanaged.passRetained(made).toOpaque()
        let (exchanged, original) = slot.compareExchange(expected: 0, desired: UInt(bitPattern: raw), ordering: .acquiringAndReleasing)
        if exchanged { return made }
        Unmanaged<Instance>.fromOpaque(raw).release()
        // Not exchanged: `original` is the address of the object another thread stored.
        return Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    /// Gives up the slot's object, when the slot itself goes.
    static func release<Instance: AnyObject>(_ slot: borrowing Atomic<UInt>, as type: Instance.Type) {
        if let raw = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) { Unmanaged<Instance>.fromOpaque(raw).release() }
    }
}
