/// Where bytes stop being UTF-8, for messages that name the byte.
public enum UTF8Validation {
    /// The 1-based position of the first byte of `bytes` that breaks UTF-8, or nil when they are UTF-8.
    public static func firstInvalidByte<C: Collection<UInt8>>(_ bytes: C) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset + 1
            case .emptyInput: return nil
            }
        }
    }
}
