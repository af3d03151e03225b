// libFuzzer target: the input decoder on arbitrary bytes, cut into reads at arbitrary places.
import FieldKit
// Invariants: nothing traps; text never holds a control character, DEL or ESC; a paste never does either.

@_cdecl("LLVMFuzzerTestOneInput")
public func inputDecoderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    // The first byte chooses where reads are cut, so the fuzzer explores read boundaries too.
    let step = Int(data[0] % 16) + 1
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 1
    while start < size {
        let end = min(size, start + step)
        decoder.decode(UnsafeBufferPointer(start: data + start, count: end - start), into: &events)
        if data[start] & 0x80 != 0 { decoder.flush(into: &events) }  // sometimes the wait runs out here
        start = end
    }
    decoder.flush(into: &events)
    for event in events {
        switch event {
        case .text(let text), .paste(let text, _):
            for scalar in text.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                fatalError("control \(scalar.value) in \(event)")
            }
        case .key, .refused, .unfinishedCharacter, .cursorReport: break
        }
    }
    return 0
}
