internal import CEditLineShims
internal import CLibEdit
import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// One open prompt: the libedit handle, the field it edits, and what the input reader has queued.
///
/// libedit calls back into plain C functions that capture nothing; they find this object through
/// `EL_CLIENTDATA`. The session holds no field logic: every key becomes an engine command and the engine's
/// frame is painted back into libedit's line.
///
/// Its variables are `@exclusivity(unchecked)`: the session runs on one thread and no access to one of them ever
/// overlaps another (libedit calls back only while none is open), and the dynamic check costs more than the work
/// it guards.
final class PromptSession {
    /// The field; every change goes through `handle`, which also forgets what was derived from it. (Not a property
    /// observer: a `didSet` makes every mutating call copy the whole field out and back.)
    @exclusivity(unchecked) private(set) var field: Field
    /// The field's frame, derived when first asked for after a change (by the view of a field that keeps no display,
    /// or by a choice field's candidates). A typed key that quick echo draws needs only the field's kept display
    /// and counter, so typing a line derives none.
    var frame: Frame {
        if let derivedFrame { return derivedFrame.frame }
        let derived = Self.frame(of: &field)
        derivedFrame = FrameBox(frame: derived)
        return derived
    }
    /// The frame once derived, boxed: testing and clearing a reference is cheap on every key, where clearing an
    /// optional `Frame` held inline walks its parts.
    @exclusivity(unchecked) private var derivedFrame: FrameBox?
    /// The field as shown (line, cursor, right prompt), derived when first asked for after a change and then read
    /// by everything that paints: the one copy of what the screen should hold.
    var view: FieldView {
        deriveViewIfNeeded()
        return derivedView
    }
    /// The view's storage, rewritten in place when the field changed (see `view`); the painter's typed-key path
    /// reads it in place after `deriveViewIfNeeded()`, as a copy of the whole view per key costs more than the key.
    @exclusivity(unchecked) private(set) var derivedView = FieldView(text: [], cursor: 0, counter: CounterCells())
    /// Whether `derivedView` is the field's as it is now.
    @exclusivity(unchecked) private var viewIsCurrent = false
    let options: PromptOptions
    let tty: Int32
    @exclusivity(unchecked) var el: OpaquePointer?
    @exclusivity(unchecked) var pending: [Pending] = []
    @exclusivity(unchecked) var outcome: PromptOutcome?
    @exclusivity(unchecked) var input = InputReader()
    let deadline: UInt64?
    /// Every key's decision (the keymap, history, a form's back keys); the session only paints what it answers.
    @exclusivity(unchecked) var core: PromptCore
    /// The history file accepted values are saved to, when there is one.
    @exclusivity(unchecked) var history: PromptHistory? {
        didSet { core.history = history.map { HistoryCursor(entries: $0.entries) } }
    }
    /// The left prompt as the C string libedit's prompt callback hands out.
    let promptBuffer: UnsafeMutablePointer<CChar>
    /// libedit's copy of the view's right prompt, as a C string (its callback returns a pointer that must outlive
    /// the call): written only when libedit asks.
    let counterBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: CounterCells.capacity + 1)
    /// What the screen holds now (drawn by libedit or by quick echo), for the quick echo's difference; nil until known.
    @exclusivity(unchecked) var drawn: FieldView?
    /// Quick echo's bytes for the key being drawn: one buffer for every key, so drawing one allocates nothing.
    @exclusivity(unchecked) var echo: [UInt8] = []
    /// Whether the terminal understands cursor movement (not `dumb` or unknown): full redraws go back up the field.
    let movesCursor: Bool
    /// The left prompt's width when quick echo may be used (plain ASCII prompt, a VT100-style terminal), else nil;
    /// a phone field's example hint turns it off while a key may bring the hint (`PlaceholderHint`).
    @exclusivity(unchecked) var quickEchoPromptColumns: Int?
    /// The region under the field (status line, candidates) must be drawn again before the next key is read.
    @exclusivity(unchecked) var regionDirty = false
    /// How many rows the region has under the field now (cleared when the prompt ends).
    @exclusivity(unchecked) var regionRows = 0
    /// The bytes of a counter-only region redraw: one buffer for every key, so typing a wrapped line allocates nothing.
    @exclusivity(unchecked) var regionBytes: [UInt8] = []
    /// How many rows the field took when the region was last drawn (the region's place, for redrawing it alone).
    @exclusivity(unchecked) var regionFieldRows = 0
    /// The prompt is ending without a value: the line left on screen shows no refusal mark.
    @exclusivity(unchecked) var ended = false
    /// The status line's text: why the last key, paste or Enter was refused, until the next change.
    @exclusivity(unchecked) var status: String?
    /// `options.linesBelow` fitted to the terminal's width, for the width they were fitted to.
    @exclusivity(unchecked) var fittedLinesBelow: (width: Int, lines: [String])?
    /// The row (from the prompt's first) the cursor is on after the last paint.
    @exclusivity(unchecked) var cursorRowShown = 0
    /// What libedit lacks of what quick echoes drew (see `paint` and `syncLibeditLine`).
    @exclusivity(unchecked) var libeditLag = LibeditLag.none
    /// The terminal's width, asked once and again after each resize rather than on every key.
    @exclusivity(unchecked) var columns: Int
    /// The left prompt's width in columns, measured once.
    let promptColumns: Int

    /// The placeholder drawn dim in the empty field (or a phone field's example), nil for a field without one.
    @exclusivity(unchecked) var placeholder: PlaceholderHint?

    /// A choice field: its line shows a candidate's label after the query, with the candidates listed below.
    let hasChoices: Bool
    /// A search's source (a form's Ctrl-R): the list for a query and a number of pages (its first matches, a page
    /// more each time the last one listed becomes current), fetched again whenever the query changes.
    let choicesFor: ((_ query: String, _ pages: Int) -> ChoiceList)?
    /// The pages of the current query's matches the search's list holds.
    private var searchPages = 1

    init(field: Field, options: PromptOptions, tty: Int32, choicesFor: ((_ query: String, _ pages: Int) -> ChoiceList)? = nil) {
        self.field = field
        self.choicesFor = choicesFor
        switch field.spec.kind {
        case .choice: hasChoices = true
        case .plain, .templated, .liveLayout, .date: hasChoices = false
        }
        Field.prepareHistory()
        core = PromptCore(keymap: options.keymap, backKeys: options.backKeys)
        core.formKeys = options.formKeys
        core.answers = options.answers
        core.answerOnEnter = options.answerOnEnter
        self.options = options
        self.tty = tty
        columns = TerminalWrites.columns(tty)
        promptColumns = DisplayWidth.columns(of: options.prompt)
        // inf, NaN or 1e300 must not trap in the conversion: clamp, and treat what is not positive as no timeout.
        deadline = options.timeout.flatMap { $0 > 0 ? Monotonic.now() + UInt64(min($0, PromptOptions.longestTimeout) * 1e9) : nil }
        let utf8 = Array(options.prompt.utf8CString)
        promptBuffer = .allocate(capacity: utf8.count)
        promptBuffer.initialize(from: utf8, count: utf8.count)
        counterBuffer.initialize(repeating: 0, count: CounterCells.capacity + 1)
        let plainPrompt = options.prompt.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        let term = getenv("TERM").map { String(cString: $0) }
        // FIELDLINE_QUICK_ECHO=0 turns it off: an escape hatch for an odd terminal, and the tests' reference.
        let wanted = getenv("FIELDLINE_QUICK_ECHO").map { String(cString: $0) != "0" } ?? true
        movesCursor = QuickEcho.supports(term: term)
        // A choice field's line changes beyond the key typed (the candidate's label follows the query).
        quickEchoPromptColumns = wanted && plainPrompt && movesCursor && !hasChoices ? options.prompt.utf8.count : nil
        regionDirty = hasChoices || !options.linesBelow.isEmpty
        placeholder = PlaceholderHint(options: options, spec: field.spec, quickEchoPromptColumns: quickEchoPromptColumns)
        if placeholder != nil {
            // Drawn with the region before the first key.
            regionDirty = true
            if case .example? = placeholder?.source { quickEchoPromptColumns = nil }
        }
    }

    deinit {
        promptBuffer.deallocate()
        counterBuffer.deallocate()
    }

    /// The field's frame, read on the field in place: read through the class's property instead, the frame getter
    /// would first copy the whole field (a retain of each of its parts).
    private static func frame(of field: inout Field) -> Frame { field.frame }

    /// The field's counter written into `buffer` (`Field.writeCounter(into:)`), read in place (as `frame(of:)`).
    private static func writeCounter(of field: inout Field, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        field.writeCounter(into: buffer)
    }

    /// The field's kept display (`Field.keptDisplay`), read in place (as `frame(of:)`).
    func keptDisplay() -> (utf8: [UInt8], columns: Int, cursor: Int)? { Self.keptDisplay(of: &field) }

    private static func keptDisplay(of field: inout Field) -> (utf8: [UInt8], columns: Int, cursor: Int)? { field.keptDisplay }

    /// The session behind a libedit handle.
    static func from(_ el: OpaquePointer?) -> PromptSession? {
        guard let el, let raw = fl_client_data(el) else { return nil }
        return Unmanaged<PromptSession>.fromOpaque(raw).takeUnretainedValue()
    }

    // MARK: - Keys

    /// One decoded event, decided by the prompt core (every key through the keymap) and painted here.
    func handle(_ event: InputEvent, pasteTail: Bool = false) -> LibeditNext {
        // A search has work of its own around each event; every other prompt takes the short path, which is every key.
        if choicesFor != nil { return handleSearch(event, pasteTail: pasteTail) }
        forgetDerived()
        return show(core.step(event, pasteTail: pasteTail, field: &field))
    }

    /// `handle` in a search (a form's Ctrl-R): when the query changes, the new query's own list, ranked afresh (the
    /// last one only held what the old query found); when the last candidate of a list that may hold more becomes
    /// current, the list with a page more, so Down goes on through every match.
    private func handleSearch(_ event: InputEvent, pasteTail: Bool) -> LibeditNext {
        forgetDerived()
        let query = field.state.symbols
        let step = core.step(event, pasteTail: pasteTail, field: &field)
        guard let choicesFor, !step.ends else { return show(step) }
        if field.state.symbols != query {
            searchPages = 1
            field = field.withChoices(choicesFor(field.value, searchPages))
            forgetDerived()
        } else if case .choice(let list) = field.spec.kind, list.mayHaveMore, field.isAtLastCandidate,
                  let current = field.currentChoice {
            searchPages += 1
            field = field.withChoices(choicesFor(field.value, searchPages), current: list.choices[current].value)
            forgetDerived()
        }
        return show(step)
    }

    /// End without a value, the line left on screen as it stands but for a refused key's ` !`, which belonged to the
    /// editing and would stay behind as a stale mark.
    private func endShowingFinalLine() -> LibeditNext {
        ended = true
        forgetDerived()
        status = nil
        if field.lastKeyRefused && movesCursor { _ = redraw(.requested) }
        return .endInput
    }

    /// Paint what the core decided and say what libedit must do next.
    func show(_ step: PromptStep) -> LibeditNext {
        switch step {
        case .edited:
            if status != nil { status = nil; regionDirty = true }
            return paint()
        case .refused(let reason):
            // The reason replaces the last one on the status line; a refusal without words clears it, so a stale
            // reason never stands beside a different refusal.
            if reason != status { status = reason; regionDirty = true }
            if let reason, !movesCursor { return showMessage(reason) }
            return paint(refused: true)
        case .redraw:
            return redraw(.requested)
        case .status(let text):
            if text != status { status = text; regionDirty = true }
            if let text, !movesCursor { return showMessage(text) }
            return .nothing
        case .accept(let value):
            // libedit does not repaint when a line ends, so repaint first (the accepted line shows the final display
            // and counter, without an earlier key's refusal mark) and end the line on the next sentinel. A line whose
            // last key was quick-echoed already shows exactly that: it is left as it is (drawing it again through
            // libedit costs as much as several typed keys), and libedit, whose model of the screen is behind, draws nothing more.
            let current = showsViewAfterQuickEcho()
            if !current { paint() }
            moveToEnd()
            // Ahead of any keys still queued: they were typed after this Enter and belong to the next prompt.
            pending.insert(.accept(value), at: 0)
            return current ? .nothing : .redraw
        case .cancel:
            outcome = .cancelled
            return endShowingFinalLine()
        case .endOfFile:
            outcome = .endOfFile
            return endShowingFinalLine()
        case .back:
            outcome = .back
            return endShowingFinalLine()
        case .interrupt:
            // The caller restores the terminal and re-raises SIGINT.
            outcome = .interrupted
            return endShowingFinalLine()
        case .findRecord:
            outcome = .findRecord
            return endShowingFinalLine()
        case .suspend:
            kill(0, SIGTSTP)
            return .nothing
        }
    }

    // MARK: - Prompts

    /// The left prompt.
    func promptText() -> UnsafeMutablePointer<CChar> { promptBuffer }

    /// The right prompt for libedit, from the view: plain text, so libedit's diff sees every change (a coloured
    /// right prompt goes stale).
    func counterText() -> UnsafeMutablePointer<CChar> {
        view.counter.withBytes { bytes in
            for i in bytes.indices { counterBuffer[i] = CChar(bitPattern: bytes[i]) }
            counterBuffer[bytes.count] = 0
        }
        return counterBuffer
    }

    // MARK: - Derived from the field

    /// Forget the frame and the view: the field changed. The view lets go of the field's kept display, which the
    /// field's next append would otherwise copy whole.
    @inline(__always)
    private func forgetDerived() {
        if derivedFrame != nil { derivedFrame = nil }
        if viewIsCurrent {
            viewIsCurrent = false
            derivedView.text = []
        }
    }

    /// The view of the field as it is now: asterisks for a secret, the kept display for a field that keeps one (no
    /// frame built), else the frame's display; the counter written straight from the field unless the frame is
    /// built anyway, marked ` !` after a refused key while editing.
    @inline(__always)
    func deriveViewIfNeeded() {
        if !viewIsCurrent { deriveView() }
    }

    private func deriveView() {
        viewIsCurrent = true
        if options.secret {
            derivedView.text = [UInt8](repeating: 0x2A, count: field.state.symbols.count)
            derivedView.cursor = field.state.cursor
            derivedView.keptColumns = nil
        } else if let kept = keptDisplay() {
            derivedView.text = kept.utf8
            derivedView.cursor = kept.cursor
            derivedView.keptColumns = kept.columns
        } else {
            derivedView.keptColumns = nil
            let frame = self.frame
            derivedView.text = Array(frame.display.utf8)
            derivedView.cursor = frame.cursor
        }
        if derivedFrame != nil || !derivedView.counter.fill({ Self.writeCounter(of: &field, into: $0) }) {
            derivedView.counter = CounterCells(frame.counter)
        }
        if field.lastKeyRefused && !ended { derivedView.counter.append(derivedView.counter.count == 0 ? "!" : " !") }
    }
}

/// A derived frame, held by reference (see `PromptSession.derivedFrame`).
final class FrameBox {
    let frame: Frame
    init(frame: Frame) { self.frame = frame }
}

/// Monotonic clock in nanoseconds.
enum Monotonic {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
