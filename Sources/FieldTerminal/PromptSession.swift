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
    /// The libedit shell reading this prompt's line (set while it reads).
    @exclusivity(unchecked) weak var shell: LibeditShell?
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
    /// The screen as drawn, and the model that takes it to the next view (the terminal's, lent for this prompt).
    @exclusivity(unchecked) var screen: ScreenModel
    /// What the screen should show: the block above, the prompt, the field's view, the status line and the lines
    /// below; its field part is set from `derivedView` at every paint.
    @exclusivity(unchecked) var screenView: ScreenView
    /// The bytes of one paint: one buffer for every key, so drawing one allocates nothing.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// The prompt is ending without a value: the line left on screen shows no refusal mark.
    @exclusivity(unchecked) var ended = false
    /// The status line's text: why the last key, paste or Enter was refused, until the next change.
    @exclusivity(unchecked) var status: String?
    /// The placeholder drawn dim in the empty field (or a phone field's example), nil for a field without one.
    @exclusivity(unchecked) var placeholder: PlaceholderHint?

    /// A choice field: its line shows a candidate's label after the query, with the candidates listed below.
    let hasChoices: Bool
    /// A search's source (a form's Ctrl-R): the list for a query and a number of pages (its first matches, a page
    /// more each time the last one listed becomes current), fetched again whenever the query changes.
    let choicesFor: ((_ query: String, _ pages: Int) -> ChoiceList)?
    /// The pages of the current query's matches the search's list holds.
    private var searchPages = 1

    init(field: Field, options: PromptOptions, tty: Int32, screen: ScreenModel,
         choicesFor: ((_ query: String, _ pages: Int) -> ChoiceList)? = nil) {
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
        core.help = options.help
        self.options = options
        self.tty = tty
        self.screen = screen
        self.screen.colour = options.colour
        // inf, NaN or 1e300 must not trap in the conversion: clamp, and treat what is not positive as no timeout.
        deadline = options.timeout.flatMap { $0 > 0 ? Monotonic.now() + UInt64(min($0, PromptOptions.longestTimeout) * 1e9) : nil }
        screenView = ScreenView(block: options.linesAbove, prompt: Self.shownPrompt(options, width: screen.width),
                                field: FieldView(text: [], cursor: 0, counter: CounterCells()))
        placeholder = PlaceholderHint(options: options, spec: field.spec)
    }

    /// The field's frame, read on the field in place: read through the class's property instead, the frame getter
    /// would first copy the whole field (a retain of each of its parts).
    private static func frame(of field: inout Field) -> Frame { field.frame }

    /// The field's line (`Field.line`), read in place (as `frame(of:)`).
    private static func line(of field: inout Field) -> FieldLine { field.line }

    /// The field's counter written into `buffer` (`Field.writeCounter(into:)`), read in place (as `frame(of:)`).
    private static func writeCounter(of field: inout Field, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        field.writeCounter(into: buffer)
    }

    /// The field's kept display (`Field.keptDisplay`), read in place (as `frame(of:)`).
    func keptDisplay() -> (utf8: [UInt8], columns: Int, cursor: Int)? { Self.keptDisplay(of: &field) }

    private static func keptDisplay(of field: inout Field) -> (utf8: [UInt8], columns: Int, cursor: Int)? { field.keptDisplay }

    // MARK: - Keys

    /// One decoded event, decided by the prompt core (every key through the keymap) and painted here.
    /// `operatorKey`: the operator sent it (false for the prompt's starting text), so it counts in `core.tally`.
    func handle(_ event: InputEvent, pasteTail: Bool = false, operatorKey: Bool = true) -> LibeditNext {
        // A search has work of its own around each event; every other prompt takes the short path, which is every key.
        if choicesFor != nil { return handleSearch(event, pasteTail: pasteTail) }
        forgetDerived()
        return show(core.step(event, pasteTail: pasteTail, operatorKey: operatorKey, field: &field))
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

    /// End without a value: the line left on screen as it stands but for a refused key's ` !` (drawn when the prompt
    /// ends), which belonged to the editing and would stay behind as a stale mark.
    private func endShowingFinalLine() -> LibeditNext {
        ended = true
        status = nil
        return .endInput
    }

    /// Paint what the core decided and say what libedit must do next.
    func show(_ step: PromptStep) -> LibeditNext {
        switch step {
        case .edited:
            status = nil
            return paint()
        case .refused(let reason):
            // The reason replaces the last one on the status line; a refusal without words clears it, so a stale
            // reason never stands beside a different refusal.
            status = reason
            return paint(refused: true)
        case .redraw:
            return redraw(.requested)
        case .status(let text):
            guard text != status else { return .nothing }
            status = text
            return paint()
        case .accept(let value):
            if let check = options.enterCheck {
                let reason = check.verdict(on: value) {
                    status = check.note
                    _ = paint()
                }
                if let reason {
                    status = reason
                    return paint(refused: true)
                }
            }
            // The line is drawn as it ends when the prompt ends (`finishScreen`); ahead of any keys still queued:
            // they were typed after this Enter and belong to the next prompt.
            pending.insert(.accept(value), at: 0)
            return .nothing
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

    /// Forget the derived view (the prompt ended: the refusal mark goes).
    func forgetView() { viewIsCurrent = false }

    /// The screen taken to `screenView` with the derived view as its field, the bytes in `bytes`. The derived view
    /// is lent to the screen view for the draw and taken back, not copied: a copy left there would share the
    /// field's kept display, which the field's next append would then copy whole.
    func drawDerivedView() { Self.draw(&screen, &screenView, lending: &derivedView, into: &bytes) }

    /// The derived view's line echoed by the model's first path (`ScreenModel.echoAppended`), read in place.
    func echoDerivedView() -> Bool { Self.echo(&screen, &derivedView, into: &bytes) }

    /// `echoDerivedView` on the session's parts in place: passed from the class's property by value, the view would
    /// be copied (its line retained, its counter's cells copied) for every key.
    private static func echo(_ screen: inout ScreenModel, _ view: inout FieldView, into bytes: inout [UInt8]) -> Bool {
        view.text.withUnsafeBufferPointer { screen.echoAppended($0, cursor: view.cursor, counter: view.counter, into: &bytes) }
    }

    /// `drawDerivedView` on the session's parts in place: read through the class's properties, the model and the
    /// view would each be copied whole for the call.
    private static func draw(_ screen: inout ScreenModel, _ view: inout ScreenView, lending field: inout FieldView,
                             into bytes: inout [UInt8]) {
        swap(&view.field, &field)
        screen.draw(view, into: &bytes)
        swap(&view.field, &field)
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
        var lineCounter: String?
        if options.secret {
            derivedView.text = [UInt8](repeating: 0x2A, count: field.state.symbols.count)
            derivedView.cursor = field.state.cursor
        } else if let kept = keptDisplay() {
            derivedView.text = kept.utf8
            derivedView.cursor = kept.cursor
        } else if hasChoices {
            let frame = self.frame
            derivedView.text = Array(frame.display.utf8)
            derivedView.cursor = frame.cursor
        } else {
            // The line alone, not the frame: a frame asks the validators on every key, and nothing here shows it.
            let line = Self.line(of: &field)
            derivedView.text = Array(line.display.utf8)
            derivedView.cursor = line.cursor
            lineCounter = line.counter
        }
        if let lineCounter {
            derivedView.counter = CounterCells(lineCounter)
        } else if derivedFrame != nil || !derivedView.counter.fill({ Self.writeCounter(of: &field, into: $0) }) {
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
