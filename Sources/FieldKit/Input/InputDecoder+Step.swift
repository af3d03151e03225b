/// The state machine: one byte in the current phase.
extension InputDecoder {
    /// Take one byte (anything but the printable-ASCII fast path of `decode`).
    mutating func step(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch phase {
        case .ground: ground(byte, &events)
        case .escape: escape(byte, &events)
        case .csi: csi(byte, &events)
        case .csiBracket: csiBracket(byte, &events)
        case .ss3: ss3(byte, &events)
        case .string: string(byte, &events)
        case .stringEscape: stringEscape(byte, &events)
        case .mouse: mouse(byte, &events)
        case .utf8: utf8(byte, &events)
        }
    }

    private mutating func ground(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x20..<0x7F:
            if paste.open {
                paste.append(Unicode.Scalar(byte))
            } else {
                emit(.text(Self.ascii[Int(byte - 0x20)]), &events)
            }
        case 0x1B:
            phase = .escape
            meta = false
        case 0..<0x80:
            if paste.open {
                // Line breaks at the very end of a paste are how most copies end; only inner ones are "dropped".
                if byte == 0x0A || byte == 0x0D { paste.lineBreak() } else { paste.remove() }
            } else {
                emit(.key(KeyName.controlKey(byte, meta: false)), &events)
            }
        default:
            if partial.start(byte, meta: false) { phase = .utf8 } else { emitInvalidText(&events) }
        }
    }

    private mutating func escape(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            phase = byte == UInt8(ascii: "[") ? .csi : .ss3
            params = SequenceParameters()
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            phase = .string
            introducer = byte
            params = SequenceParameters()
        case 0x1B:
            // ESC ESC: Meta on whatever follows (rxvt's Alt-Left is ESC ESC [ D); a third ESC ends it as M-Esc.
            if meta { emit(.key(.named("M-Esc")), &events) }
            meta.toggle()
        case 0x20..<0x7F:
            phase = .ground
            meta = false
            emit(.key(.named(KeyName.compose(String(Character(Unicode.Scalar(byte))), meta: true))), &events)
        case 0..<0x80:
            phase = .ground
            meta = false
            emit(.key(KeyName.controlKey(byte, meta: true)), &events)
        default:
            meta = false
            if partial.start(byte, meta: true) {
                phase = .utf8
            } else {
                phase = .ground
                emit(.refused, &events)
            }
        }
    }

    private mutating func csi(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x30...0x3F: params.parameter(byte)
        case 0x20...0x2F:
            if byte == UInt8(ascii: "$") && params.isPlainNumber {
                finish(KeySequences.csi(byte, params, meta: meta), &events)
            } else {
                params.intermediate()
            }
        case 0x40...0x7E:
            if params.length == 0 && byte == UInt8(ascii: "[") {
                phase = .csiBracket
            } else if params.length == 0 && byte == UInt8(ascii: "M") {
                phase = .mouse  // X10 mouse: three raw bytes follow, whatever they are
                params.count = 3
            } else if byte == UInt8(ascii: "R"), cursorReportsAwaited > 0, params.count == 2, !params.colon, !meta {
                cursorReportsAwaited -= 1
                phase = .ground
                emit(.cursorReport(row: Int(params.first), column: Int(params.second)), &events)
            } else {
                finish(KeySequences.csi(byte, params, meta: meta), &events)
            }
        default: broken(byte, &events)
        }
    }

    private mutating func csiBracket(_ byte: UInt8, _ events: inout [InputEvent]) {
        guard byte != 0x1B else { return broken(byte, &events) }
        if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) {
            finish(.key(.named(KeyName.compose(KeySequences.functionKeys[Int(byte - 0x41)], meta: meta))), &events)
        } else {
            finish(.refused, &events)
        }
    }

    private mutating func ss3(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x30...0x3F: params.parameter(byte)
        case 0x40...0x7E: finish(KeySequences.ss3(byte, params, meta: meta), &events)
        default: broken(byte, &events)
        }
    }

    private mutating func string(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x07: finish(.refused, &events)
        case 0x1B: phase = .stringEscape
        default: params.content()
        }
    }

    private mutating func stringEscape(_ byte: UInt8, _ events: inout [InputEvent]) {
        finish(.refused, &events)
        // ESC without `\` cancels the string and starts a new sequence with this byte.
        if byte != UInt8(ascii: "\\") {
            phase = .escape
            escape(byte, &events)
        }
    }

    private mutating func mouse(_ byte: UInt8, _ events: inout [InputEvent]) {
        guard byte != 0x1B else { return broken(byte, &events) }
        params.count -= 1
        if params.count == 0 { finish(.refused, &events) }
    }

    private mutating func utf8(_ byte: UInt8, _ events: inout [InputEvent]) {
        guard partial.take(byte) else {
            // The bytes so far are one maximal invalid subpart; this byte starts afresh.
            phase = .ground
            emitInvalidText(&events)
            return ground(byte, &events)
        }
        guard let scalar = partial.scalar else { return }
        phase = .ground
        if (0x80...0x9F).contains(scalar.value) {
            emit(.refused, &events)  // C1 controls are never text
        } else if partial.meta {
            emit(.key(.named(KeyName.compose(String(Character(scalar)), meta: true))), &events)
        } else if paste.open {
            paste.append(scalar)
        } else {
            run.unicodeScalars.append(scalar)
        }
    }

    /// A byte that cannot continue the sequence: the sequence is refused. ESC starts a new one; any other byte is
    /// consumed with it, so no byte of a sequence ever becomes text.
    private mutating func broken(_ byte: UInt8, _ events: inout [InputEvent]) {
        finish(.refused, &events)
        if byte == 0x1B { phase = .escape }
    }

    /// A sequence is complete: back to ground, and its meaning is emitted.
    private mutating func finish(_ result: SequenceResult, _ events: inout [InputEvent]) {
        phase = .ground
        meta = false
        switch result {
        case .key(let key): emit(.key(key), &events)
        case .refused: emit(.refused, &events)
        case .pasteStart:
            if paste.open {
                paste.remove()
            } else {
                flushRun(&events)
                paste.start()
            }
        case .pasteEnd:
            // The first end marker ends the paste at the end of this read; later ones in the read are removed.
            if !paste.open {
                emit(.refused, &events)
            } else if paste.ended {
                paste.remove()
            } else {
                paste.ended = true
            }
        }
    }

    /// Emit a non-text event after the pending text run; inside a paste it is removed instead.
    mutating func emit(_ event: InputEvent, _ events: inout [InputEvent]) {
        if paste.open { return paste.remove(event == .unfinishedCharacter ? .invalidText : .control) }
        if !run.isEmpty { flushRun(&events) }
        events.append(event)
    }

    /// Bytes that are no UTF-8: refused, or inside a paste removed as such (the paste then says so).
    private mutating func emitInvalidText(_ events: inout [InputEvent]) {
        if paste.open { return paste.remove(.invalidText) }
        emit(.refused, &events)
    }

    /// Emit the pending non-ASCII text run.
    mutating func flushRun(_ events: inout [InputEvent]) {
        guard !run.isEmpty else { return }
        events.append(.text(run))
        run = ""
    }
}
